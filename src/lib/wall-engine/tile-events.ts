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
  if (from === 'playing' && (to === 'stalled' || to === 'reconnecting')) {
    kind = 'stale';
    reason = troubleText(snap);
  } else if (to === 'failed') {
    kind = 'failed';
    reason = troubleText(snap);
  } else if (to === 'playing' && record.lostAt !== null) {
    kind = 'recovered';
    reason = `playing again${outFor((snap.firstFrameAt ?? clock.now()) - record.lostAt)}`;
  }
  if (kind === 'stale' || kind === 'failed')
    record.lostAt ??= snap.lastFrameAt ?? snap.troubleSince ?? clock.now();
  else if (to === 'playing' || to === 'idle') record.lostAt = null;
  if (kind === null) return null;
  return { at: clock.now(), tileId: record.id, label: record.label, kind, from, to, reason };
}
