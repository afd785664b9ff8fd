import i18next from 'i18next';
import type { LayoutGrid } from '../../../electron/shared/layout';

/**
 * The wall store's words, in the app's language at the moment they are made (never at import): an
 * edit's name as Undo and Redo say it ("Undo: Move Gate 3"), and why the wall takes no device.
 */
export const editLabel = {
  remove: (name: string) => i18next.t('wall:edit.remove', { name }),
  move: (name: string) => i18next.t('wall:edit.move', { name }),
  grid: ({ columns, rows }: LayoutGrid) => i18next.t('wall:edit.grid', { columns, rows }),
  size: (name: string, columns: number, rows: number) => i18next.t('wall:edit.size', { name, columns, rows }),
  settings: (name: string) => i18next.t('wall:edit.settings', { name }),
  layout: (name: string) => i18next.t('wall:edit.layout', { name }),
  merge: (columns: number, rows: number) => i18next.t('wall:edit.merge', { columns, rows }),
  split: (name: string | null) =>
    name === null ? i18next.t('wall:edit.splitCells') : i18next.t('wall:edit.split', { name }),
  putMany: (count: number) => i18next.t('wall:edit.putMany', { count }),
  forgetParked: (count: number) => i18next.t('wall:edit.forget', { count }),
  revert: () => i18next.t('wall:edit.revert'),
  replace: (old: string, name: string) => i18next.t('wall:edit.replace', { old, name }),
  put: (name: string) => i18next.t('wall:edit.put', { name }),
};

/** A new wall's name, the first ("Wall") or the nth ("Wall 2"), in the app's language. */
export const newWallName = (n: number) =>
  n === 1 ? i18next.t('wall:toolbar.newName') : i18next.t('wall:toolbar.newNameNth', { n });

/** Why the wall takes no device or edit now. */
export const wallRefusal = {
  loading: () => i18next.t('wall:saving.loading'),
  locked: () => i18next.t('wall:saving.locked'),
  noProfile: () => i18next.t('wall:saving.selectProfile'),
};
