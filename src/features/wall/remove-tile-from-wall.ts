import i18next from 'i18next';
import { useNoticesStore } from '../../session/notices-store';
import type { WallCell } from './layout-edit';
import { undoAction, WALL_NOTICE_ID } from './undo-action';
import { tileName } from './tile-name';
import { useWallStore } from './wall-store';

/** Take a tile off the wall and say so, with Undo: a wrong Delete must not cost a camera. */
export function removeTileFromWall(cell: WallCell): boolean {
  const removed = useWallStore.getState().removeTile(cell);
  if (!removed) return false;
  useNoticesStore.getState().notify({
    id: WALL_NOTICE_ID,
    level: 'info',
    message: i18next.t('wall:notice.removed', { name: tileName(removed.removed) }),
    action: undoAction(removed.editId),
  });
  return true;
}
