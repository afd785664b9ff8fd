import i18next from 'i18next';
import type { Layout } from '../../../electron/shared/layout';
import { api } from '../../lib/bridge';
import { whenAnnounced } from '../../session/core-mirror';
import { uniqueLayoutId } from './layout-edit';
import { wallRefusal } from './wall-words';
import type { WallState } from './wall-state';

/** What the saving of the wall's layouts reads and changes of the wall store. */
export interface WallAccess {
  get: () => WallState;
  set: (patch: Partial<WallState>) => void;
  /** Set, keeping `changes` true to the layout and the saved layouts. */
  put: (patch: Partial<WallState>) => void;
  /** Show a layout afresh (no history, no selection). */
  open: (layout: Layout | null) => void;
  /** A new empty layout for the selected profile; null without one. */
  fresh: () => Layout | null;
  /** The saved layouts, as the core's mirror holds them. */
  layouts: () => Layout[];
}

type Outcome = { ok: true } | { ok: false; message: string };

/** Write the wall's edits into its saved layout (WallState.saveLayout). */
export async function saveLayout(w: WallAccess): Promise<Outcome> {
  const { layout, changes } = w.get();
  if (!layout || !w.get().editable()) return { ok: false, message: i18next.t('wall:saving.nothing') };
  if (changes === 'new') return { ok: false, message: i18next.t('wall:saving.nameFirst') };
  if (changes === 'none') return { ok: true };
  w.set({ saveState: 'saving', saveError: null });
  // The mirror takes the saved layout from layouts:changed; nothing is merged in here.
  const result = await whenAnnounced(['layouts'], () => api.layouts.save(layout));
  if (!result.ok) {
    console.warn(`[wall] the layout could not be saved: ${result.error.message}`);
    w.set({ saveState: 'failed', saveError: result.error.message });
    return { ok: false, message: result.error.message };
  }
  w.put({ saveState: 'idle' });
  return { ok: true };
}

/** A copy of the wall under a new name; the wall switches to it (WallState.saveAs). */
export async function saveLayoutAs(
  w: WallAccess,
  name: string,
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const trimmed = name.trim();
  if (!trimmed) return { ok: false, message: i18next.t('wall:saving.nameRequired') };
  // One name, one view: the picker and the Views dialog tell views apart by name.
  const clash = w.layouts().find((l) => l.name.trim().toLowerCase() === trimmed.toLowerCase());
  if (clash) return { ok: false, message: i18next.t('wall:saving.nameTaken', { name: clash.name }) };
  const base = w.get().layout ?? w.fresh();
  if (!base) return { ok: false, message: wallRefusal.noProfile() };
  const id = uniqueLayoutId(
    trimmed,
    w.layouts().map((l) => l.id),
  );
  const copy: Layout = { ...base, id, name: trimmed.slice(0, 100) };
  const result = await whenAnnounced(['layouts'], () => api.layouts.save(copy));
  if (!result.ok) return { ok: false, message: result.error.message };
  const { statsShown, selectedTile } = w.get();
  w.open(result.value);
  // The same wall under a new name: the operator's view of it stays.
  w.set({ statsShown, selectedTile });
  return { ok: true, id: result.value.id };
}

/** Remove a saved layout (WallState.removeLayout). */
export async function removeLayout(w: WallAccess, id: string): Promise<Outcome> {
  if (!w.get().editable()) return { ok: false, message: wallRefusal.locked() };
  const result = await whenAnnounced(
    ['layouts'],
    () => api.layouts.remove({ id }),
    (r) => r.removed,
  );
  if (!result.ok) return { ok: false, message: result.error.message };
  // The wall follows the mirror (a removed open layout gives way there); this is for a mirror not followed.
  if (w.get().layout?.id === id) w.open(w.layouts()[0] ?? null);
  return { ok: true };
}
