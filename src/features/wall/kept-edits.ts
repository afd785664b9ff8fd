import i18next from 'i18next';
import type { Layout } from '../../../electron/shared/layout';
import { formatSince } from '../../i18n/format';
import { useNoticesStore } from '../../session/notices-store';
import { sameLayoutContent } from './layout-compare';
import type { KeptEdit, WallView } from './wall-view';

/** How many edits set aside are kept (the oldest goes first). */
const MAX_KEPT = 5;

/** The one notice about the kept edits (a later one replaces it). */
const NOTICE_ID = 'wall-kept-edit';

/**
 * The remembered unsaved edit the wall does not show as it opens, or null: a locked kiosk opens on
 * its start view as saved (provisioned), so an administrator's edit of it, or of another view, would
 * otherwise be dropped without a word at the next start. An edit of a view removed elsewhere goes
 * with the view; one that is the saved view again is no edit.
 */
export function draftSetAside(
  view: WallView | null,
  shown: Layout | null,
  layouts: readonly Layout[],
): Layout | null {
  const draft = view?.draft;
  if (!draft || shown === draft) return null;
  const saved = layouts.find((l) => l.id === draft.id);
  if (view.draftOfSaved && !saved) return null;
  if (saved && sameLayoutContent(saved, draft)) return null;
  return draft;
}

/** `kept` with `draft` added (once: the same edit kept again is not doubled). */
export function keepAside(kept: readonly KeptEdit[], draft: Layout, now: number): KeptEdit[] {
  if (kept.some((k) => k.draft.id === draft.id && sameLayoutContent(k.draft, draft))) return [...kept];
  return [...kept, { draft, keptAt: now }].slice(-MAX_KEPT);
}

/**
 * Say that an unsaved edit is kept aside, and offer to open it where the wall may be changed (an
 * administrator's unlock); a locked wall says how to get to it. Said at each start while one is
 * kept, and again when the wall is unlocked: it stays reachable until it is opened.
 */
export function offerKeptEdits(kept: readonly KeptEdit[], editable: boolean, open: () => void): void {
  const last = kept.at(-1);
  if (!last) return;
  // Three sentences, each whole in the catalog.
  const sentences = [
    i18next.t('wall:kept.message', { name: last.draft.name, time: formatSince(last.keptAt) }),
    editable ? i18next.t('wall:kept.howEditable') : i18next.t('wall:kept.howLocked'),
    ...(kept.length > 1 ? [i18next.t('wall:kept.more', { count: kept.length - 1 })] : []),
  ];
  useNoticesStore.getState().notify({
    id: NOTICE_ID,
    level: 'warning',
    message: sentences.join(' '),
    ...(editable && { action: { label: i18next.t('wall:kept.open'), run: open } }),
  });
}

/** The notice about kept edits is no longer true (the last one was opened). */
export function keptEditsTaken(): void {
  useNoticesStore.getState().dismiss(NOTICE_ID);
}
