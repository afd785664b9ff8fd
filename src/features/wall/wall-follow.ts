import { editableNow } from '../../../electron/shared/kiosk-rule';
import type { Layout, LayoutGrid } from '../../../electron/shared/layout';
import type { Settings } from '../../../electron/shared/settings';
import { selectKioskLock, useCoreMirror, type CoreMirrorState } from '../../session/core-mirror';
import { sameLayoutContent } from './layout-compare';
import { startView } from './start-view';
import type { WallAccess } from './wall-saving';
import type { WallState } from './wall-state';

/** The longest setTimeout waits as asked (a far end would fire at once, again and again). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What following the mirror needs of the wall store besides WallAccess. */
export interface WallFollowAccess extends WallAccess {
  settings: () => Settings;
  /** The selection kept inside a grid. */
  clampTo: (grid: LayoutGrid) => Partial<WallState>;
  /** Whatever asks the wall `editable()` should ask again (the lock changed or an unlock ran out). */
  relocked: () => void;
  /** The wall may be changed again (an administrator's unlock, the lock lifted). */
  becameEditable: () => void;
}

/**
 * The wall follows the core's mirror, never the core's events itself: the saved layouts (a change
 * from elsewhere replaces the wall's layout only while it has no edits of its own), the settings
 * (kiosk mode turned on shows its start layout), and the kiosk lock. Returns the unsubscribe.
 */
export function followMirror(w: WallFollowAccess): () => void {
  const layoutsChanged = (layouts: Layout[], before: readonly Layout[]) => {
    const { layout, changes } = w.get();
    w.put({});
    if (!layout) return;
    const stored = layouts.find((l) => l.id === layout.id);
    if (!stored) {
      // Removed elsewhere: show what is left rather than a wall that can no longer be saved.
      if (before.some((l) => l.id === layout.id)) w.open(startView(layouts, w.settings(), null).layout);
      return;
    }
    if (changes === 'none' && w.get().saveState !== 'saving' && !sameLayoutContent(stored, layout))
      w.put({ layout: stored, ...w.clampTo(stored.grid) });
  };

  const settingsChanged = (settings: Settings, before: Settings) => {
    const kioskTurnedOn =
      settings.kiosk.enabled &&
      (!before.kiosk.enabled || before.kiosk.startLayout !== settings.kiosk.startLayout);
    const target = kioskTurnedOn ? w.layouts().find((l) => l.id === settings.kiosk.startLayout) : undefined;
    if (target && target.id !== w.get().layout?.id) void w.get().openLayout(target.id);
  };

  // An administrator's unlock (PIN) lets a locked wall be changed until it ends, as the core rules.
  let relock: ReturnType<typeof setTimeout> | undefined;
  const followUnlock = (m: CoreMirrorState) => {
    clearTimeout(relock);
    const { locked, unlockedUntil } = selectKioskLock(m);
    if (!locked || unlockedUntil === null || unlockedUntil <= Date.now()) return;
    relock = setTimeout(w.relocked, Math.min(unlockedUntil - Date.now(), MAX_TIMER_MS));
  };
  followUnlock(useCoreMirror.getState());

  const off = useCoreMirror.subscribe((m, before) => {
    if (m.layouts && m.layouts !== before.layouts) layoutsChanged(m.layouts, before.layouts ?? []);
    if (m.settings && before.settings && m.settings !== before.settings)
      settingsChanged(m.settings, before.settings);
    const lock = selectKioskLock(m);
    const was = selectKioskLock(before);
    if (lock.locked === was.locked && lock.unlockedUntil === was.unlockedUntil) return;
    w.relocked();
    followUnlock(m);
    if (!editableNow(was, Date.now()) && editableNow(lock, Date.now())) w.becameEditable();
  });
  return () => {
    off();
    clearTimeout(relock);
  };
}
