import { useShallow } from 'zustand/react/shallow';
import { Button } from '../components/button';
import { ProfileSwitcher } from '../features/profiles/profile-switcher';
import { useProfilesStore } from '../session/profiles-store';
import { useAppStore } from './app-store';

export const PANEL_ID = 'side-panel';

/** App name, the active profile, and the ways into templates and settings. */
export function TopBar() {
  const name = useProfilesStore((s) => s.appInfo?.name ?? 'Control Room Wall');
  const { panelOpen, togglePanel, openDialog } = useAppStore(
    useShallow((s) => ({ panelOpen: s.panelOpen, togglePanel: s.togglePanel, openDialog: s.openDialog })),
  );
  return (
    <header className="topbar" data-testid="topbar">
      <span className="app-name">{name}</span>
      <ProfileSwitcher onManageProfiles={() => openDialog('profiles')} />
      <span className="spacer" />
      <Button
        onClick={togglePanel}
        aria-expanded={panelOpen}
        aria-controls={panelOpen ? PANEL_ID : undefined}
        className={panelOpen ? 'is-on' : undefined}
        data-testid="open-templates"
      >
        Templates
      </Button>
      <Button onClick={() => openDialog('settings')} data-testid="open-settings">
        Settings
      </Button>
    </header>
  );
}
