import {
  OPLOG_LIMITS,
  type OperatorEventInput,
  type OperatorEventWords,
} from '../../../electron/shared/contract';
import type { Layout, LayoutTile } from '../../../electron/shared/layout';
import type { RateChange, TileEvent } from '../../lib/wall-engine';
import type { OperatorEvent } from '../../session/operator-log';
import { placed } from './layout-edit';

/** What the wall's events become in the operator log: pure, so they are tested without a page. */

export type Stamped = OperatorEvent & { at: number };

const cut = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** The words' free text cut to the contract's bounds, as the reason is. */
function cutWords(words: OperatorEventWords): OperatorEventWords {
  const max = OPLOG_LIMITS.reason;
  switch (words.kind) {
    case 'tile-trouble':
      return { ...words, failure: { ...words.failure, detail: cut(words.failure.detail, max) } };
    case 'tour-page':
    case 'tour-started':
      return {
        ...words,
        tour: cut(words.tour, max) ?? '',
        view: words.view === null ? null : (cut(words.view, max) ?? ''),
      };
    case 'tour-stopped':
      return { ...words, tour: cut(words.tour, max) ?? '', why: cut(words.why, max) };
    case 'put-on':
    case 'taken-off':
    case 'tile-changed':
      return { ...words, view: words.view && { ...words.view, name: cut(words.view.name, max) ?? '' } };
    default:
      return words;
  }
}

/** An event as the core takes it: strings cut to the contract's bounds, so one long reason cannot sink a batch. */
export function toInput(event: Stamped): OperatorEventInput {
  return {
    at: Math.max(0, Math.round(event.at)),
    kind: event.kind,
    ...(event.deviceKey ? { deviceKey: cut(event.deviceKey, OPLOG_LIMITS.deviceKey) } : {}),
    ...(event.deviceName ? { deviceName: cut(event.deviceName, OPLOG_LIMITS.deviceName) } : {}),
    ...(event.reason ? { reason: cut(event.reason, OPLOG_LIMITS.reason) } : {}),
    ...(event.words ? { words: cutWords(event.words) } : {}),
  };
}

/** `deviceKey|sipId|channelId`: one device's stream, as tiles, the diff and the tour editor count it. */
export const streamKey = (t: Pick<LayoutTile, 'deviceKey' | 'sipId' | 'channelId'>) =>
  `${t.deviceKey}|${t.sipId ?? ''}|${t.channelId ?? ''}`;

/** One tile whose device stayed in its cell but whose channel or caption changed: one event, not two. */
export interface TileChange {
  before: LayoutTile;
  after: LayoutTile;
}

const sameCell = (a: LayoutTile, b: LayoutTile) => a.column === b.column && a.row === b.row;

/**
 * Which devices came onto the wall and which left it, between two versions of one layout; and the
 * tiles that kept their device and cell but changed channel or caption (`changed`): those are no
 * removal, and read as one change in the log.
 */
export function layoutChanges(
  before: Layout | null,
  after: Layout | null,
): { assigned: LayoutTile[]; cleared: LayoutTile[]; changed: TileChange[] } {
  const none = { assigned: [], cleared: [], changed: [] };
  if (!after && !before) return none;
  // Another view opened (by the operator or a tour): not a change of what plays where on this one.
  if (before && after && before.id !== after.id) return none;
  const beforeTiles = before ? placed(before) : [];
  const afterTiles = after ? placed(after) : [];
  const left = new Map<string, LayoutTile[]>();
  for (const t of beforeTiles) left.set(streamKey(t), [...(left.get(streamKey(t)) ?? []), t]);
  let assigned: LayoutTile[] = [];
  const changed: TileChange[] = [];
  for (const t of afterTiles) {
    const same = left.get(streamKey(t));
    // The same stream: in this very cell if it is there (a caption change), else the first (a move).
    const at = same
      ? Math.max(
          0,
          same.findIndex((b) => sameCell(b, t)),
        )
      : -1;
    const was = same && same.length > 0 ? same.splice(at, 1)[0] : undefined;
    if (!was) assigned.push(t);
    else if (sameCell(was, t) && (was.label ?? '') !== (t.label ?? ''))
      changed.push({ before: was, after: t });
  }
  let cleared = [...left.values()].flat();
  // The same device in the same cell on another channel: a change, not a removal and an assignment.
  for (const t of [...assigned]) {
    const was = cleared.find((c) => c.deviceKey === t.deviceKey && sameCell(c, t));
    if (!was) continue;
    changed.push({ before: was, after: t });
    cleared = cleared.filter((c) => c !== was);
    assigned = assigned.filter((a) => a !== t);
  }
  return { assigned, cleared, changed };
}

const channelOf = (t: LayoutTile) => t.channelId ?? t.sipId ?? 'the default';

/** "channel 1 → 2, caption “NVR 1” → “Gate North” on column 1, row 1 of "Lobby" (2×2)" */
export function changeText(change: TileChange, layout: Layout): string {
  const { before, after } = change;
  const parts: string[] = [];
  if (streamKey(before) !== streamKey(after))
    parts.push(`channel ${channelOf(before)} → ${channelOf(after)}`);
  if ((before.label ?? '') !== (after.label ?? ''))
    parts.push(`caption “${before.label ?? before.deviceKey}” → “${after.label ?? after.deviceKey}”`);
  return `${parts.join(', ')} on ${cellText(after, layout)}`;
}

const RATE_WHY: Record<NonNullable<RateChange['reason']>, string> = {
  load: 'the computer is overloaded',
  'start-up': 'a big wall starts its smaller tiles this way',
  pinned: 'pinned by the operator',
};

/** "overview pictures (keyframes only): the computer is overloaded — 12 % of frames dropped" */
export function rateReason(change: Pick<RateChange, 'rate' | 'reason' | 'detail'>): string {
  if (change.rate === 'full') return 'full rate again';
  const why = change.reason ? RATE_WHY[change.reason] : 'the decode budget';
  return `overview pictures (keyframes only): ${why}${change.detail ? ` — ${change.detail}` : ''}`;
}

/** The same as rateReason, as a kind and parameters (worded when the log is shown). */
export function rateWords(change: Pick<RateChange, 'rate' | 'reason' | 'cause'>): OperatorEventWords {
  if (change.rate === 'full') return { kind: 'rate-full' };
  return { kind: 'rate-overview', why: change.reason, ...(change.cause ? { cause: change.cause } : {}) };
}

/** A tile's trouble or recovery as a kind and parameters; the English `reason` says the same. */
export function tileEventWords(event: Pick<TileEvent, 'kind' | 'failure' | 'outMs'>): OperatorEventWords {
  if (event.kind === 'recovered')
    return { kind: 'tile-recovered', ...(event.outMs !== undefined ? { outMs: event.outMs } : {}) };
  return { kind: 'tile-trouble', failure: event.failure ?? { reason: null } };
}

/** Where a tile is, for the words: its cell and the view's name and grid. */
function placeOf(t: LayoutTile, layout: Layout | null) {
  return {
    cell: t.column !== undefined && t.row !== undefined ? { column: t.column, row: t.row } : null,
    view: layout ? { name: layout.name, columns: layout.grid.columns, rows: layout.grid.rows } : null,
  };
}

/** "put on column 1, row 2 of …" / "taken off …" as a kind and parameters. */
export function placeWords(
  kind: 'put-on' | 'taken-off',
  t: LayoutTile,
  layout: Layout | null,
): OperatorEventWords {
  return { kind, ...placeOf(t, layout) };
}

/** changeText as a kind and parameters. */
export function changeWords(change: TileChange, layout: Layout | null): OperatorEventWords {
  const { before, after } = change;
  const channelId = (t: LayoutTile) => t.channelId ?? t.sipId ?? null;
  return {
    kind: 'tile-changed',
    ...(streamKey(before) !== streamKey(after)
      ? { channel: { from: channelId(before), to: channelId(after) } }
      : {}),
    ...((before.label ?? '') !== (after.label ?? '')
      ? { caption: { from: before.label ?? before.deviceKey, to: after.label ?? after.deviceKey } }
      : {}),
    ...placeOf(after, layout),
  };
}

export function cellText(t: LayoutTile, layout: Layout): string {
  const where = t.column !== undefined && t.row !== undefined ? `column ${t.column}, row ${t.row}` : 'a tile';
  return `${where} of "${layout.name}" (${layout.grid.columns}×${layout.grid.rows})`;
}
