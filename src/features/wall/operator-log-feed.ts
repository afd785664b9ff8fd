import { OPLOG_LIMITS } from '../../../electron/shared/contract';
import { api } from '../../lib/bridge';
import type { TileEvent, WallEngine } from '../../lib/wall-engine';
import { installOperatorLogWriter, recordOperatorEvent } from '../../session/operator-log';
import {
  cellText,
  changeText,
  changeWords,
  layoutChanges,
  placeWords,
  rateReason,
  rateWords,
  tileEventWords,
  toInput,
  type Stamped,
} from './operator-log-events';
import { tileName } from './tile-name';
import { useWallStore, type WallState } from './wall-store';

/** Events wait this long to be sent together: a crash loses at most this much of the log. */
const OPLOG_FLUSH_MS = 500;
/** Events waiting while the core cannot be reached; beyond this the oldest are dropped. */
const MAX_PENDING = 2_000;

/**
 * Install the operator log's writer (src/session/operator-log.ts): events recorded anywhere in this
 * page (the wall's tiles, the tours) are sent to the core in batches every half second, and at once
 * when the page goes away. A batch the core could not take for a passing reason is tried again; one
 * it refused as invalid is dropped (and said on the console), so one bad event cannot block the log.
 * Returns the function that sends what is left and uninstalls it.
 */
export function startOperatorLogWriter(): () => void {
  let pending: Stamped[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sending = false;

  const send = async (): Promise<void> => {
    timer = null;
    if (sending || pending.length === 0) return;
    sending = true;
    const batch = pending.slice(0, OPLOG_LIMITS.batch);
    pending = pending.slice(batch.length);
    try {
      const result = await api.oplog.append({ events: batch.map(toInput) });
      if (!result.ok) {
        // Refused for what it is (bad input, or an operator's edit logged while the kiosk is locked):
        // sending it again would be refused again and hold up every event behind it.
        if (result.error.kind === 'invalid-input' || result.error.kind === 'locked')
          console.error('[operator-log] the core refused a batch:', result.error.message);
        else pending = [...batch, ...pending].slice(-MAX_PENDING);
      }
    } catch (error) {
      pending = [...batch, ...pending].slice(-MAX_PENDING);
      console.warn('[operator-log] could not send events:', error);
    } finally {
      sending = false;
    }
    if (pending.length > 0) schedule();
  };
  const schedule = () => {
    timer ??= setTimeout(() => void send(), OPLOG_FLUSH_MS);
  };
  const uninstall = installOperatorLogWriter((event) => {
    pending.push(event);
    if (pending.length > MAX_PENDING) pending = pending.slice(-MAX_PENDING);
    schedule();
  });
  const onHide = () => void send();
  window.addEventListener('pagehide', onHide);
  return () => {
    uninstall();
    window.removeEventListener('pagehide', onHide);
    if (timer !== null) clearTimeout(timer);
    void send();
  };
}

/**
 * What the wall feeds the operator log: each tile going stale, failing and recovering, and each
 * change of its decode rate (from the engine), and each device assigned to or cleared from the
 * layout on the wall (from the wall store). Opening another view is not an assignment of each of its
 * tiles (the tours record their own switches). Returns the function that stops it.
 */
export function startOperatorLogFeed(engine: WallEngine): () => void {
  const nameOf = (deviceKey: string | null): string | undefined => {
    if (!deviceKey) return undefined;
    const tile = useWallStore.getState().layout?.tiles.find((t) => t.deviceKey === deviceKey);
    return tile ? tileName(tile) : undefined;
  };
  const offTiles = engine.onTileEvent((event: TileEvent) =>
    recordOperatorEvent({
      kind: event.kind,
      deviceKey: event.label ?? undefined,
      deviceName: nameOf(event.label),
      reason: event.reason,
      words: tileEventWords(event),
    }),
  );
  const offRates = engine.onRateChange((change) =>
    recordOperatorEvent({
      kind: change.rate === 'overview' ? 'degraded' : 'restored',
      deviceKey: change.label ?? undefined,
      deviceName: nameOf(change.label),
      reason: rateReason(change),
      words: rateWords(change),
    }),
  );
  const offLayout = useWallStore.subscribe((now: WallState, before: WallState) => {
    if (now.layout === before.layout) return;
    if (now.status !== 'ready' || before.status !== 'ready') return;
    const { assigned, cleared, changed } = layoutChanges(before.layout, now.layout);
    // A channel or caption changed in place: one event saying what changed (no "Cleared" that reads
    // as a removal). The log has no kind of its own for it: it is the tile's assignment, changed.
    for (const change of changed)
      recordOperatorEvent({
        kind: 'assigned',
        deviceKey: change.after.deviceKey,
        deviceName: tileName(change.after),
        reason: now.layout ? changeText(change, now.layout) : 'changed on the wall',
        words: changeWords(change, now.layout),
      });
    for (const t of cleared)
      recordOperatorEvent({
        kind: 'cleared',
        deviceKey: t.deviceKey,
        deviceName: tileName(t),
        reason: before.layout ? `taken off ${cellText(t, before.layout)}` : 'taken off the wall',
        words: placeWords('taken-off', t, before.layout),
      });
    for (const t of assigned)
      recordOperatorEvent({
        kind: 'assigned',
        deviceKey: t.deviceKey,
        deviceName: tileName(t),
        reason: now.layout ? `put on ${cellText(t, now.layout)}` : 'put on the wall',
        words: placeWords('put-on', t, now.layout),
      });
  });
  return () => {
    offTiles();
    offRates();
    offLayout();
  };
}
