import type { StoreApi } from 'zustand';
import { placed } from './layout-edit';
import type { WallState } from './wall-state';
import type { WallView } from './wall-view';

/** What of the wall is remembered (the core's ui memory): a reload shows the same wall. */
function viewOf(s: WallState): WallView {
  return {
    layoutId: s.layout?.id ?? null,
    draft: s.changes === 'none' ? null : s.layout,
    draftOfSaved: s.changes === 'modified',
    selected: s.selectedTile,
    statsShown: s.statsShown,
  };
}

/**
 * Remember whatever changes how the wall looks (the first showing after a load included, so a layout
 * taken over from an earlier version's storage is kept), and tell the catalog which devices are on
 * the wall (parked ones are not). Returns the unsubscribe.
 */
export function rememberWall(
  store: Pick<StoreApi<WallState>, 'subscribe'>,
  remember: (view: WallView) => void,
  onWall: (deviceKeys: string[]) => void,
): () => void {
  return store.subscribe((s, prev) => {
    if (s.layout?.tiles !== prev.layout?.tiles || s.layout?.grid !== prev.layout?.grid)
      onWall(s.layout ? placed(s.layout).map((t) => t.deviceKey) : []);
    if (s.status !== 'ready') return;
    if (
      prev.status === 'ready' &&
      s.layout === prev.layout &&
      s.changes === prev.changes &&
      s.selectedTile === prev.selectedTile &&
      s.statsShown === prev.statsShown
    )
      return;
    remember(viewOf(s));
  });
}
