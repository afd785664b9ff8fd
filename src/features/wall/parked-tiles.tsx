import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { Button } from '../../components/button';
import { elideMiddle } from '../../lib/elide-middle';
import { tileName } from './tile-name';
import { useWallStore } from './wall-store';

/**
 * The cameras a smaller grid parked: how many, which, and where they go back to, so growing the
 * grid later holds no surprise. The operator may let them go for good.
 */
export function ParkedTiles() {
  const { t } = useTranslation('tiles');
  const parked = useWallStore((s) => s.layout?.parked);
  const editable = useWallStore((s) => s.editable());
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  if (!parked?.length) return null;
  const close = () => {
    setOpen(false);
    rootRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  };
  return (
    <div
      ref={rootRef}
      className="wall-parked"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <Button
        size="small"
        variant="ghost"
        className="wall-parked-button"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="wall-parked"
        data-count={parked.length}
      >
        {t('parked.button', { n: formatNumber(parked.length) })}
      </Button>
      {open && (
        <div className="wall-parked-panel" id={id} role="region" aria-label={t('parked.region')}>
          <p className="small">{t('parked.text', { count: parked.length })}</p>
          <ul className="wall-parked-list">
            {parked.map((tile, i) => (
              <li key={`${tile.deviceKey}-${i}`}>
                <span className="wall-parked-name" title={tileName(tile)}>
                  {elideMiddle(tileName(tile), 30)}
                </span>
                <span className="wall-parked-cell text-muted small">
                  {t('parked.cell', { column: tile.column, row: tile.row })}
                </span>
              </li>
            ))}
          </ul>
          {editable && (
            <Button
              size="small"
              onClick={() => {
                useWallStore.getState().forgetParked();
                setOpen(false);
              }}
              data-testid="wall-parked-forget"
            >
              {t('parked.forget')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
