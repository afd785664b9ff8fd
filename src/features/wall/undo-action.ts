import i18next from 'i18next';
import type { NoticeAction } from '../../lib/notice';
import { useNoticesStore } from '../../session/notices-store';
import { useWallStore } from './wall-store';

/** One notice about edits of the wall at a time: several in a row must not bury the wall. */
export const WALL_NOTICE_ID = 'put-on-wall';

/**
 * A notice's "Undo" for one edit of the wall. It takes back exactly that edit, so it only works while
 * that edit is the last one; later, it says so and points to the toolbar's Undo.
 */
export function undoAction(editId: number): NoticeAction {
  return {
    label: i18next.t('wall:undo.undo'),
    run: () => {
      if (useWallStore.getState().undo(editId)) return;
      useNoticesStore.getState().notify({
        id: WALL_NOTICE_ID,
        level: 'warning',
        message: i18next.t('wall:undo.tooLate'),
      });
    },
  };
}
