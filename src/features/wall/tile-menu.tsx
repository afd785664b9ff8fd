import { useEffect, useId, useRef, useState } from 'react';

export interface TileMenuProps {
  name: string;
  statsShown: boolean;
  canRetry: boolean;
  editable: boolean;
  onToggleStats(): void;
  onRetry(): void;
  onRemove(): void;
}

/** A tile's few actions behind one small button, so the picture stays clear. */
export function TileMenu({
  name,
  statsShown,
  canRetry,
  editable,
  onToggleStats,
  onRetry,
  onRemove,
}: TileMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const first = rootRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]');
    first?.focus();
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const run = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div
      ref={rootRef}
      className="wall-tile-menu"
      onKeyDown={(e) => {
        // The grid's own keys (arrows, Delete, Enter) must not fire from inside the menu.
        e.stopPropagation();
        if (e.key === 'Escape') setOpen(false);
      }}
      onDragStart={(e) => e.preventDefault()}
    >
      <button
        type="button"
        className="wall-tile-menu-button"
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="wall-tile-menu"
        onClick={() => setOpen((o) => !o)}
      >
        ⋯
      </button>
      {open && (
        <div className="wall-tile-menu-list" role="menu" id={menuId}>
          <button
            type="button"
            role="menuitem"
            onClick={run(onToggleStats)}
            data-testid="wall-tile-toggle-stats"
          >
            {statsShown ? 'Hide stats' : 'Show stats'}
          </button>
          {canRetry && (
            <button type="button" role="menuitem" onClick={run(onRetry)}>
              Retry now
            </button>
          )}
          {editable && (
            <button
              type="button"
              role="menuitem"
              className="is-danger"
              onClick={run(onRemove)}
              data-testid="wall-tile-remove"
            >
              Remove from wall
            </button>
          )}
        </div>
      )}
    </div>
  );
}
