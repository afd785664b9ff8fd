import { useRef, type KeyboardEvent } from 'react';
import { TransportSchema, type Transport } from '../../../electron/shared/settings';
import { Button } from '../../components/button';

/** What each transport is, for an operator choosing between them. */
export const TRANSPORT_WORDS: Record<Transport, { name: string; what: string }> = {
  'ws-flv': { name: 'WS-FLV', what: 'FLV over a WebSocket: low delay, no limit per media server' },
  flv: { name: 'HTTP-FLV', what: 'FLV over HTTP: low delay, at most 6 streams per media server' },
  hls: { name: 'HLS', what: 'short segments over HTTP: works almost everywhere, a few seconds behind' },
  'ws-ts': { name: 'WS-TS', what: 'MPEG-TS over a WebSocket' },
  ts: { name: 'HTTP-TS', what: 'MPEG-TS over HTTP' },
  fmp4: { name: 'HTTP-fMP4', what: 'fragmented MP4 over HTTP' },
  'ws-fmp4': { name: 'WS-fMP4', what: 'fragmented MP4 over a WebSocket' },
  webrtc: { name: 'WebRTC', what: 'the lowest delay, where the platform offers it' },
};

export interface TransportRow {
  transport: Transport;
  on: boolean;
}

/** The settings' order as rows: the chosen ones first, in order, then the rest switched off. */
export function transportRows(order: readonly Transport[]): TransportRow[] {
  const rest = TransportSchema.options.filter((t) => !order.includes(t));
  return [
    ...order.map((transport) => ({ transport, on: true })),
    ...rest.map((transport) => ({ transport, on: false })),
  ];
}

export interface TransportOrderListProps {
  rows: TransportRow[];
  onChange(rows: TransportRow[]): void;
  disabled?: boolean;
}

/**
 * The transports a tile tries, first to last: move one with its ↑ ↓ buttons, or focus its row and
 * press Alt+↑ / Alt+↓ (the focus moves with it); the checkbox takes it out of the running.
 */
export function TransportOrderList({ rows, onChange, disabled }: TransportOrderListProps) {
  const list = useRef<HTMLOListElement>(null);
  const on = rows.filter((r) => r.on).length;

  const move = (index: number, by: -1 | 1, refocus = false) => {
    const to = index + by;
    if (to < 0 || to >= rows.length) return;
    const next = [...rows];
    [next[index], next[to]] = [next[to], next[index]];
    onChange(next);
    if (refocus)
      requestAnimationFrame(() => list.current?.querySelectorAll<HTMLElement>('[data-row]')[to]?.focus());
  };

  const onKeyDown = (index: number) => (e: KeyboardEvent<HTMLLIElement>) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    move(index, e.key === 'ArrowUp' ? -1 : 1, true);
  };

  return (
    <ol className="transport-list" ref={list} aria-label="Transport order" data-testid="transport-order">
      {rows.map((row, index) => {
        const words = TRANSPORT_WORDS[row.transport];
        return (
          <li
            key={row.transport}
            className={`transport-row ${row.on ? '' : 'is-off'}`}
            tabIndex={disabled ? undefined : 0}
            data-row
            data-transport={row.transport}
            aria-label={`${words.name}, ${row.on ? `tried ${rows.slice(0, index + 1).filter((r) => r.on).length}.` : 'not used'}. Alt+Arrow keys move it.`}
            onKeyDown={disabled ? undefined : onKeyDown(index)}
          >
            <span className="transport-rank" aria-hidden="true">
              {row.on ? rows.slice(0, index + 1).filter((r) => r.on).length : '–'}
            </span>
            <label className="transport-name">
              <input
                type="checkbox"
                checked={row.on}
                disabled={disabled || (row.on && on === 1)}
                onChange={(e) =>
                  onChange(rows.map((r, i) => (i === index ? { ...r, on: e.target.checked } : r)))
                }
              />
              <span>
                <strong>{words.name}</strong> <span className="text-muted small">{words.what}</span>
              </span>
            </label>
            <span className="transport-moves">
              <Button
                size="small"
                variant="ghost"
                className="btn-icon"
                aria-label={`Move ${words.name} up`}
                disabled={disabled || index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </Button>
              <Button
                size="small"
                variant="ghost"
                className="btn-icon"
                aria-label={`Move ${words.name} down`}
                disabled={disabled || index === rows.length - 1}
                onClick={() => move(index, 1)}
              >
                ↓
              </Button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
