import { OPLOG_LIMITS, type OperatorEventInput } from '../../../electron/shared/contract';
import type { Layout, LayoutTile } from '../../../electron/shared/layout';
import type { RateChange } from '../../lib/wall-engine';
import type { OperatorEvent } from '../../session/operator-log';
import { placed } from './layout-edit';

/** What the wall's events become in the operator log: pure, so they are tested without a page. */

export type Stamped = OperatorEvent & { at: number };

const cut = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** An event as the core takes it: strings cut to the contract's bounds, so one long reason cannot sink a batch. */
export function toInput(event: Stamped): OperatorEventInput {
  return {
    at: Math.max(0, Math.round(event.at)),
    kind: event.kind,
    ...(event.deviceKey ? { deviceKey: cut(event.deviceKey, OPLOG_LIMITS.deviceKey) } : {}),
    ...(event.deviceName ? { deviceName: cut(event.deviceName, OPLOG_LIMITS.deviceName) } : {}),
    ...(event.reason ? { reason: cut(event.reason, OPLOG_LIMITS.reason) } : {}),
  };
}

/** `deviceKey|sipId|channelId`: one device's stream, as tiles, the diff and the tour editor count it. */
export const streamKey = (t: Pick<LayoutTile, 'deviceKey' | 'sipId' | 'channelId'>) =>
  `${t.deviceKey}|${t.sipId ?? ''}|${t.channelId ?? ''}`;

/** Which devices came onto the wall and which left it, between two versions of one layout. */
export function layoutChanges(
  before: Layout | null,
  after: Layout | null,
): { assigned: LayoutTile[]; cleared: LayoutTile[] } {
  const none = { assigned: [], cleared: [] };
  if (!after && !before) return none;
  // Another view opened (by the operator or a tour): not a change of what plays where on this one.
  if (before && after && before.id !== after.id) return none;
  const beforeTiles = before ? placed(before) : [];
  const afterTiles = after ? placed(after) : [];
  const left = new Map<string, LayoutTile[]>();
  for (const t of beforeTiles) left.set(streamKey(t), [...(left.get(streamKey(t)) ?? []), t]);
  const assigned: LayoutTile[] = [];
  for (const t of afterTiles) {
    const same = left.get(streamKey(t));
    if (same && same.length > 0) same.shift();
    else assigned.push(t);
  }
  const cleared = [...left.values()].flat();
  return { assigned, cleared };
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

export function cellText(t: LayoutTile, layout: Layout): string {
  const where = t.column !== undefined && t.row !== undefined ? `row ${t.row}, column ${t.column}` : 'a tile';
  return `${where} of "${layout.name}" (${layout.grid.columns}×${layout.grid.rows})`;
}
