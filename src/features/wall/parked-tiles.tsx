import { useId, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { elideMiddle } from '../../lib/elide-middle';
import { tileName } from './tile-name';
import { useWallStore } from './wall-store';

/**
 * The cameras a smaller grid parked: how many, which, and where they go back to, so growing the
 * grid later holds no surprise. The operator may let them go for good.
 */
export function ParkedTiles() {
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
        {parked.length} parked
      </Button>
      {open && (
        <div className="wall-parked-panel" id={id} role="region" aria-label="Parked cameras">
          <p className="small">
            {parked.length === 1 ? 'This camera does' : 'These cameras do'} not fit the grid. Each goes back
            to its cell when the grid is large enough again.
          </p>
          <ul className="wall-parked-list">
            {parked.map((t, i) => (
              <li key={`${t.deviceKey}-${i}`}>
                <span className="wall-parked-name" title={tileName(t)}>
                  {elideMiddle(tileName(t), 30)}
                </span>
                <span className="wall-parked-cell text-muted small">
                  column {t.column}, row {t.row}
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
              Forget them
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
