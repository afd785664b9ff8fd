import type { LayoutStore } from './layout-store';
import type { CredentialVault } from './credential-vault';
import type { SettingsStore } from './settings-store';

/**
 * A selection or kiosk start layout that points at nothing (a file edited by hand, or kept aside as
 * corrupt) is cleared at start-up, so the first screen never asks for a profile that is gone.
 */
export async function repairDanglingReferences(deps: {
  vault: CredentialVault;
  settings: SettingsStore;
  layouts: LayoutStore;
}): Promise<void> {
  const { vault, settings, layouts } = deps;
  const s = await settings.get();
  const dangling = s.selectedProfileId !== null && !(await vault.get(s.selectedProfileId));
  const noLayout = s.kiosk.startLayout !== null && !(await layouts.get(s.kiosk.startLayout));
  if (dangling || noLayout)
    await settings.update((cur) => ({
      ...cur,
      selectedProfileId: dangling ? null : cur.selectedProfileId,
      kiosk: noLayout ? { ...cur.kiosk, startLayout: null, enabled: false } : cur.kiosk,
    }));
}
