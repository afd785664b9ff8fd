import i18next from 'i18next';
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutArea, LayoutGrid, LayoutTile } from '../../../electron/shared/layout';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CustomGridDialog } from './custom-grid-dialog';
import { LAYOUT_PRESETS, presetOf, type LayoutPreset } from './layout-presets';
import { namesList } from './names-list';
import { tileName } from './tile-name';
import { useWallStore } from './wall-store';
import './wall-layouts.css';

/** A change of shape that takes cameras off the wall: asked first. */
interface Ask {
  title: string;
  confirm: string;
  /** A plain shrink ("Shrink anyway?") rather than another layout ("Change anyway?"). */
  shrink: boolean;
  leaving: LayoutTile[];
  where: string;
  apply(): void;
}

const ITEMS = 'button:not(:disabled)';

/** A preset as the picker describes it: "9 tiles, 3 by 3", "one large tile (2 × 2, top left) and …". */
function presetDescription(p: LayoutPreset): string {
  const featured = ['1+5', '1+7', '1+12', '2+8'] as const;
  const known = featured.find((id) => id === p.id);
  if (known) return i18next.t(`wall:presets.${known}`);
  const n = p.grid.columns;
  return n === 1
    ? i18next.t('wall:presets.one')
    : i18next.t('wall:presets.square', { tiles: n * p.grid.rows, n });
}

/** A preset drawn small: its grid, its large areas filled in. */
function PresetThumb({ grid, areas }: { grid: LayoutGrid; areas: readonly LayoutArea[] }) {
  const covered = new Set<string>();
  for (const a of areas)
    for (let r = a.row; r < a.row + a.rowSpan; r++)
      for (let c = a.column; c < a.column + a.columnSpan; c++) covered.add(`${c},${r}`);
  const cells: { column: number; row: number; columnSpan: number; rowSpan: number; big: boolean }[] = [];
  for (let row = 1; row <= grid.rows; row++)
    for (let column = 1; column <= grid.columns; column++) {
      const area = areas.find((a) => a.column === column && a.row === row);
      if (area) cells.push({ ...area, big: true });
      else if (!covered.has(`${column},${row}`))
        cells.push({ column, row, columnSpan: 1, rowSpan: 1, big: false });
    }
  const style = { '--thumb-columns': grid.columns, '--thumb-rows': grid.rows } as CSSProperties;
  return (
    <span className="wall-preset-thumb" style={style} aria-hidden="true">
      {cells.map((c) => (
        <span
          key={`${c.column},${c.row}`}
          className={c.big ? 'is-big' : undefined}
          style={{
            gridColumn: `${c.column} / span ${c.columnSpan}`,
            gridRow: `${c.row} / span ${c.rowSpan}`,
          }}
        />
      ))}
    </span>
  );
}

/**
 * The wall's shape in one click: plain grids (1 to 8 × 8), the large-beside-small layouts (1 + 5,
 * 1 + 7, 1 + 12, 2 + 8) and any size through "Custom size…". A change that would take cameras off
 * the wall asks first and names them; they are parked in the layout, not lost. Every tile that still
 * fits keeps playing (the same player).
 */
export function GridPicker({ grid }: { grid: LayoutGrid | null }) {
  const layout = useWallStore((s) => s.layout);
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState(false);
  const [ask, setAsk] = useState<Ask | null>(null);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation('wall');
  const current = layout ? presetOf(layout) : null;
  const label = !grid
    ? t('grid.choose')
    : current
      ? current.name
      : t('grid.size', { columns: grid.columns, rows: grid.rows });
  const custom_ = !!grid && !current;

  useEffect(() => {
    if (!open) return;
    const pressed = rootRef.current?.querySelector<HTMLButtonElement>('[aria-pressed="true"]');
    (pressed ?? rootRef.current?.querySelector<HTMLButtonElement>(`.wall-presets ${ITEMS}`))?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const choosePreset = (preset: LayoutPreset) => {
    close();
    const store = useWallStore.getState();
    const leaving = store.previewPreset(preset);
    // A plain grid smaller than the wall is a shrink, and says so.
    const plain = preset.areas.length === 0;
    if (leaving.length > 0)
      setAsk({
        title: plain
          ? t('grid.askGridTitle', { size: preset.name })
          : t('grid.askChangeTitle', { size: preset.name }),
        confirm: plain
          ? t('grid.shrinkTo', { size: preset.name })
          : t('grid.changeTo', { size: preset.name }),
        shrink: plain,
        leaving,
        where: preset.name,
        apply: () => store.applyPreset(preset),
      });
    else store.applyPreset(preset);
  };

  const chooseGrid = (next: LayoutGrid) => {
    const store = useWallStore.getState();
    const leaving = store.previewGrid(next);
    const size = t('grid.size', { columns: next.columns, rows: next.rows });
    if (leaving.length > 0)
      setAsk({
        title: t('grid.askGridTitle', { size }),
        confirm: t('grid.shrinkTo', { size }),
        shrink: true,
        leaving,
        where: size,
        apply: () => store.setGrid(next),
      });
    else store.setGrid(next);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close();
      return;
    }
    // Left and right follow the reading direction: in a right-to-left page the next preset is to the left.
    const inline = getComputedStyle(e.currentTarget).direction === 'rtl' ? -1 : 1;
    const step = { ArrowRight: inline, ArrowDown: 1, ArrowLeft: -inline, ArrowUp: -1 }[e.key];
    if (!open || !step) return;
    e.preventDefault();
    const items = [
      ...(rootRef.current?.querySelectorAll<HTMLButtonElement>(`.wall-presets-panel ${ITEMS}`) ?? []),
    ];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    items[(at + step + items.length) % items.length]?.focus();
  };

  const presetButton = (p: LayoutPreset) => {
    const on = current?.id === p.id;
    return (
      <button
        key={p.id}
        type="button"
        className={`wall-preset${on ? ' is-current' : ''}`}
        aria-pressed={on}
        aria-label={t('grid.presetLabel', { name: p.name, description: presetDescription(p) })}
        title={presetDescription(p)}
        onClick={() => choosePreset(p)}
        data-testid="wall-preset"
        data-preset={p.id}
      >
        <PresetThumb grid={p.grid} areas={p.areas} />
        <span className="wall-preset-name">{p.name}</span>
      </button>
    );
  };

  return (
    <>
      <div
        ref={rootRef}
        className="wall-presets"
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        <button
          ref={buttonRef}
          type="button"
          className="btn btn-ghost btn-small wall-presets-button"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          aria-label={t('grid.buttonLabel', { label })}
          title={t('grid.buttonTitle')}
          onClick={() => setOpen((o) => !o)}
          data-testid="wall-grid-size"
          data-value={grid ? (current?.id ?? `${grid.columns}x${grid.rows}`) : ''}
        >
          {layout && grid ? (
            <PresetThumb grid={grid} areas={layout.areas ?? []} />
          ) : (
            <span className="wall-toolbar-label">{t('grid.grid')}</span>
          )}
          <span className="wall-presets-value">{label}</span>
          <span aria-hidden="true" className="wall-presets-caret">
            ▾
          </span>
        </button>
        {open && (
          <div className="wall-presets-panel" id={id} role="dialog" aria-label={t('grid.panelLabel')}>
            <p className="wall-presets-heading">{t('grid.grids')}</p>
            <div className="wall-presets-row">
              {LAYOUT_PRESETS.filter((p) => !p.featured).map(presetButton)}
            </div>
            <p className="wall-presets-heading">{t('grid.largeBesideSmall')}</p>
            <div className="wall-presets-row">
              {LAYOUT_PRESETS.filter((p) => p.featured).map(presetButton)}
            </div>
            <div className="wall-presets-foot">
              <button
                type="button"
                className={`btn btn-small${custom_ ? ' is-current' : ''}`}
                onClick={() => {
                  close();
                  setCustom(true);
                }}
                data-testid="wall-grid-custom"
              >
                {custom_ && grid
                  ? t('grid.customCurrent', { columns: grid.columns, rows: grid.rows })
                  : t('grid.custom')}
              </button>
              <p className="wall-presets-hint text-muted small">{t('grid.hint')}</p>
            </div>
          </div>
        )}
      </div>
      {custom && (
        <CustomGridDialog
          initial={grid ?? { columns: 3, rows: 3 }}
          onClose={() => setCustom(false)}
          onApply={(next) => {
            setCustom(false);
            chooseGrid(next);
          }}
        />
      )}
      {ask && (
        <ConfirmDialog
          title={ask.title}
          message={
            <div data-testid="wall-shrink-message">
              <p>
                {t(ask.shrink ? 'grid.leavingShrink' : 'grid.leavingChange', {
                  count: ask.leaving.length,
                  where: ask.where,
                  names: namesList(ask.leaving.map(tileName)),
                })}
              </p>
              <p className="text-muted small">{t('grid.parkedNote')}</p>
            </div>
          }
          confirmLabel={ask.confirm}
          onCancel={() => setAsk(null)}
          onConfirm={() => {
            ask.apply();
            setAsk(null);
          }}
        />
      )}
    </>
  );
}
