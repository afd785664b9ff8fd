import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TransportSchema, type Transport } from '../../../electron/shared/settings';
import { Button } from '../../components/button';

/** Each transport by its technical name (the same in every language); what it is comes from the catalog. */
const TRANSPORT_NAMES: Record<Transport, string> = {
  'ws-flv': 'WS-FLV',
  flv: 'HTTP-FLV',
  hls: 'HLS',
  'ws-ts': 'WS-TS',
  ts: 'HTTP-TS',
  fmp4: 'HTTP-fMP4',
  'ws-fmp4': 'WS-fMP4',
  webrtc: 'WebRTC',
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
  const { t } = useTranslation('settings');
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
    <ol
      className="transport-list"
      ref={list}
      aria-label={t('transport.listLabel')}
      data-testid="transport-order"
    >
      {rows.map((row, index) => {
        const name = TRANSPORT_NAMES[row.transport];
        const rank = rows.slice(0, index + 1).filter((r) => r.on).length;
        return (
          <li
            key={row.transport}
            className={`transport-row ${row.on ? '' : 'is-off'}`}
            tabIndex={disabled ? undefined : 0}
            data-row
            data-transport={row.transport}
            aria-label={row.on ? t('transport.rowTried', { name, rank }) : t('transport.rowOff', { name })}
            onKeyDown={disabled ? undefined : onKeyDown(index)}
          >
            <span className="transport-rank" aria-hidden="true">
              {row.on ? rank : '–'}
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
                <strong>{name}</strong>{' '}
                <span className="text-muted small">{t(`transport.what.${row.transport}`)}</span>
              </span>
            </label>
            <span className="transport-moves">
              <Button
                size="small"
                variant="ghost"
                className="btn-icon"
                aria-label={t('transport.moveUp', { name })}
                disabled={disabled || index === 0}
                onClick={() => move(index, -1)}
              >
                ↑
              </Button>
              <Button
                size="small"
                variant="ghost"
                className="btn-icon"
                aria-label={t('transport.moveDown', { name })}
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
