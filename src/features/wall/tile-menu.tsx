import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useKeepInView } from '../../components/use-keep-in-view';
import { tileAt, type TileDevice } from './layout-edit';
import { useTileActions } from './tile-actions-context';
import { TilePictureItems } from './tile-picture-items';
import { TileSettingsDialog } from './tile-settings-dialog';
import type { TileSpan } from './tile-span';
import { useWallStore } from './wall-store';

export interface TileMenuProps {
  name: string;
  statsShown: boolean;
  canRetry: boolean;
  editable: boolean;
  /** The sizes the tile can take where it is (it never grows over another tile), the current one marked; read when the menu opens. */
  spans(): readonly (TileSpan & { current: boolean })[];
  onToggleStats(): void;
  onRetry(): void;
  onReplace(): void;
  onSpan(span: TileSpan): void;
  onRemove(): void;
}

const ITEMS = '[role^="menuitem"]:not(:disabled)';

/**
 * A tile's "Send to screen…" (the control room, issue #31), given around the wall by the app shell:
 * offered while `available`; its dialog sends the tile's device to a cell of a screen.
 */
export interface SendToScreenSlot {
  available: boolean;
  Dialog: ComponentType<{ device: TileDevice; onClose(): void }>;
}
export const SendToScreenContext = createContext<SendToScreenSlot | null>(null);

/**
 * A tile's few actions behind one small button, so the picture stays clear.
 *
 * It closes on Escape, on a choice, on a click elsewhere and when the focus leaves it; on Escape and
 * after a choice the focus goes back to the tile, so the wall's arrow keys work on from there.
 */
export function TileMenu({
  name,
  statsShown,
  canRetry,
  editable,
  spans,
  onToggleStats,
  onRetry,
  onReplace,
  onSpan,
  onRemove,
}: TileMenuProps) {
  const { t } = useTranslation('tiles');
  const [open, setOpen] = useState(false);
  const [settings, setSettings] = useState(false);
  // The room's "Send to screen…" (issue #31): offered while the room has screens.
  const [sendingToScreen, setSendingToScreen] = useState(false);
  const sendToScreen = useContext(SendToScreenContext);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  // A bottom-row tile's menu opens upwards, a right-hand one leftwards: never outside the window.
  useKeepInView(rootRef, open);
  const actions = useTileActions();
  const cell = actions?.cell ?? null;
  // Read when the menu opens (the menu is rendered only while open).
  const layoutNow = open ? useWallStore.getState().layout : null;
  const here = layoutNow && cell ? tileAt(layoutNow, cell) : null;
  const canSplit = editable && !!here && (here.columnSpan > 1 || here.rowSpan > 1);
  const settingsTile = settings && cell ? tileOf(cell) : null;

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLButtonElement>(ITEMS)?.focus();
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  // A menu is one stop for Tab: its items are reached with the arrows (a roving focus), so Tab from
  // any of them leaves the menu (and closes it), however many items it has.
  useEffect(() => {
    if (!open) return;
    for (const item of rootRef.current?.querySelectorAll<HTMLElement>('[role="menu"] [role^="menuitem"]') ??
      [])
      item.tabIndex = -1;
  });

  const sizes = open && editable ? spans() : [];
  const backToTile = () => rootRef.current?.closest<HTMLElement>('[data-cell]')?.focus();

  const choose = (action: () => void) => {
    setOpen(false);
    backToTile();
    action();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // The grid's own keys (arrows, Delete, Enter) must not fire from inside the menu.
    e.stopPropagation();
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      backToTile();
      return;
    }
    if (!open || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'Home' && e.key !== 'End'))
      return;
    e.preventDefault();
    const items = [...(rootRef.current?.querySelectorAll<HTMLButtonElement>(ITEMS) ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? items.length - 1
          : (at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <div
      ref={rootRef}
      className="wall-tile-menu"
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        // Focus gone elsewhere (Tab, a click on another tile): the menu goes too.
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onDragStart={(e) => e.preventDefault()}
      // A press inside the menu is not a press on the tile (which would take the focus from the menu).
      onMouseDown={(e) => e.stopPropagation()}
    >
      <button
        type="button"
        className="wall-tile-menu-button"
        aria-label={t('menu.actionsFor', { name })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="wall-tile-menu"
        onClick={() => setOpen((o) => !o)}
      >
        ⋯
      </button>
      {open && (
        <div
          className="wall-tile-menu-list"
          role="menu"
          id={menuId}
          aria-label={t('menu.actionsFor', { name })}
        >
          {actions && <TilePictureItems onDone={() => choose(() => undefined)} />}
          <button
            type="button"
            role="menuitem"
            onClick={() => choose(onToggleStats)}
            data-testid="wall-tile-toggle-stats"
          >
            {statsShown ? t('menu.hideStats') : t('menu.showStats')}
          </button>
          {canRetry && (
            <button type="button" role="menuitem" onClick={() => choose(onRetry)}>
              {t('menu.retryNow')}
            </button>
          )}
          {editable && (
            <button
              type="button"
              role="menuitem"
              onClick={() => choose(onReplace)}
              data-testid="wall-tile-replace"
            >
              {t('menu.replace')}
            </button>
          )}
          {sizes.length > 1 && (
            <div className="wall-tile-menu-group" role="group" aria-label={t('menu.sizeGroup')}>
              <span className="wall-tile-menu-group-label" aria-hidden="true">
                {t('menu.sizeLabel')}
              </span>
              {sizes.map((s) => (
                <button
                  key={`${s.columnSpan}x${s.rowSpan}`}
                  type="button"
                  role="menuitemradio"
                  aria-checked={s.current}
                  aria-label={t('menu.sizeAria', { columns: s.columnSpan, rows: s.rowSpan })}
                  className="wall-tile-menu-choice"
                  onClick={() => choose(() => onSpan(s))}
                  data-testid="wall-tile-span"
                  data-span={`${s.columnSpan}x${s.rowSpan}`}
                >
                  {s.columnSpan}×{s.rowSpan}
                </button>
              ))}
            </div>
          )}
          {canSplit && cell && (
            <button
              type="button"
              role="menuitem"
              onClick={() => choose(() => useWallStore.getState().splitTile(cell))}
              data-testid="wall-tile-split"
            >
              {t('menu.split')} <kbd>S</kbd>
            </button>
          )}
          {editable && cell && (
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                setSettings(true);
              }}
              data-testid="wall-tile-settings"
            >
              {t('menu.settings')}
            </button>
          )}
          {sendToScreen?.available && cell && (
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setOpen(false);
                setSendingToScreen(true);
              }}
              data-testid="wall-tile-send-to-screen"
            >
              {t('sendDialog.menuItem', { ns: 'room' })}
            </button>
          )}
          {editable && (
            <button
              type="button"
              role="menuitem"
              className="is-danger"
              onClick={() => choose(onRemove)}
              data-testid="wall-tile-remove"
            >
              {t('menu.remove')}
            </button>
          )}
        </div>
      )}
      {settingsTile &&
        cell &&
        createPortal(
          // In the tile's React tree but not in its box: the tile's keys, clicks and drags stay out.
          <div onKeyDown={stop} onMouseDown={stop} onDoubleClick={stop} onDragStart={stop}>
            <TileSettingsDialog
              tile={settingsTile}
              onClose={() => {
                setSettings(false);
                backToTile();
              }}
              onApply={(patch) => {
                setSettings(false);
                useWallStore.getState().updateTile(cell, patch);
                backToTile();
              }}
            />
          </div>,
          document.body,
        )}
      {sendingToScreen &&
        sendToScreen &&
        cell &&
        (() => {
          const tile = tileOf(cell);
          if (!tile) return null;
          const close = () => {
            setSendingToScreen(false);
            backToTile();
          };
          return createPortal(
            <div onKeyDown={stop} onMouseDown={stop} onDoubleClick={stop} onDragStart={stop}>
              <sendToScreen.Dialog
                device={{
                  deviceKey: tile.deviceKey,
                  deviceName: tile.deviceName || tile.deviceKey,
                  ...(tile.sipId ? { sipId: tile.sipId } : {}),
                  ...(tile.channelId ? { channelId: tile.channelId } : {}),
                }}
                onClose={close}
              />
            </div>,
            document.body,
          );
        })()}
    </div>
  );
}

const stop = (e: SyntheticEvent) => e.stopPropagation();

/** The layout's tile at a cell, as it is now. */
function tileOf(cell: { column: number; row: number }) {
  const layout = useWallStore.getState().layout;
  const hit = layout ? tileAt(layout, cell) : null;
  return layout && hit ? layout.tiles[hit.index] : null;
}
