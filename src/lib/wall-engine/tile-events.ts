import type { EngineClock } from './clock';
import type { TileSnapshot } from './tile-snapshot';
import { outFor, troubleText, type TileRecord } from './tile-record';
import type { TileEvent } from './wall-engine-types';

/**
 * A tile's change of state as the operator's log tells it: it went stale, failed, or recovered (with
 * how long it was out). A tile that never played and is still trying says nothing until it fails.
 * Keeps the record's `lastState` and `lostAt`; null when the change is not worth a line.
 */
export function tileEventOf(record: TileRecord, snap: TileSnapshot, clock: EngineClock): TileEvent | null {
  const from = record.lastState;
  const to = snap.state;
  if (from === to) return null;
  record.lastState = to;
  let kind: TileEvent['kind'] | null = null;
  let reason = '';
  let words: Pick<TileEvent, 'failure' | 'outMs'> = {};
  if (to === 'failed' || (from === 'playing' && (to === 'stalled' || to === 'reconnecting'))) {
    kind = to === 'failed' ? 'failed' : 'stale';
    reason = troubleText(snap);
    words = { failure: { reason: snap.reason, ...(snap.detail ? { detail: snap.detail } : {}) } };
  } else if (to === 'playing' && record.lostAt !== null) {
    kind = 'recovered';
    const out = (snap.firstFrameAt ?? clock.now()) - record.lostAt;
    reason = `playing again${outFor(out)}`;
    // As outFor: nothing to say of an outage under 0.1 s.
    words = Number.isFinite(out) && out >= 100 ? { outMs: Math.round(out) } : {};
  }
  if (kind === 'stale' || kind === 'failed')
    record.lostAt ??= snap.lastFrameAt ?? snap.troubleSince ?? clock.now();
  else if (to === 'playing' || to === 'idle') record.lostAt = null;
  if (kind === null) return null;
  return { at: clock.now(), tileId: record.id, label: record.label, kind, from, to, reason, ...words };
}
