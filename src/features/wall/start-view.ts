import type { Layout } from '../../../electron/shared/layout';
import type { Settings } from '../../../electron/shared/settings';
import type { WallCell } from './layout-edit';
import type { WallView } from './wall-view';

export interface StartView {
  layout: Layout | null;
  selected: WallCell | null;
  statsShown: Record<string, boolean>;
}

/**
 * What the wall shows when it opens: the kiosk's start layout when kiosk mode is on; else the wall
 * as it was left (the layout used last, with its unsaved edits); else the first layout.
 *
 * A draft of a layout that was saved and has since been removed (elsewhere) is not brought back; a
 * draft of a layout never saved is.
 *
 * A window opened for one view (`view.pinned`, from `?view=`) opens on that view first, kiosk or not:
 * each window is its own wall. Should that view be gone, it opens as the main window would.
 *
 * `editable`: whether the wall may be changed now (an administrator's unlock of a locked kiosk
 * counts); a locked wall opens on the saved view and its draft is kept aside by the caller.
 */
export function startView(
  layouts: Layout[],
  settings: Settings,
  view: WallView | null,
  editable: boolean = !settings.kiosk.locked,
): StartView {
  const byId = (id: string | null | undefined) => (id ? layouts.find((l) => l.id === id) : undefined);
  const asLeft = (layout: Layout | null | undefined): StartView => ({
    layout: layout ?? null,
    selected: layout && view?.layoutId === layout.id ? view.selected : null,
    statsShown: layout && view?.layoutId === layout.id ? view.statsShown : {},
  });
  const { kiosk } = settings;
  if (view?.pinned) {
    const own = byId(view.layoutId);
    if (own) return asLeft(editable && view.draft?.id === own.id ? view.draft : own);
  }
  if (kiosk.enabled) {
    const start = byId(kiosk.startLayout);
    if (start) {
      // An administrator's unsaved edits of the kiosk layout come back only while it is unlocked.
      const draft = editable && view?.draft?.id === start.id ? view.draft : null;
      return asLeft(draft ?? start);
    }
  }
  if (view?.draft && (byId(view.draft.id) || !view.draftOfSaved)) return asLeft(view.draft);
  return asLeft(byId(view?.layoutId) ?? layouts[0]);
}
