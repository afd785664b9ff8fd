import { useMenuButton } from '../../components/use-menu-button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenInWindowItem } from './open-in-window';
import { ViewsDialog } from './views-dialog';

export interface LayoutMenuProps {
  canRemove: boolean;
  statsDefault: boolean;
  onSaveAs(): void;
  onRemove(): void;
  onToggleStats(): void;
  /** The wall differs from its saved view: Revert is here too (the toolbar's gives way when narrow). */
  onRevert?: () => void;
}

/**
 * The view's less frequent actions behind one button, so the toolbar stays on one line beside an
 * open catalog: save as, the saved views (rename, duplicate, delete, export, import), remove, and the
 * stats default (also a button of its own where there is room).
 * Closes on Escape (focus back on its button), on a choice, and when the focus leaves it.
 */
export function LayoutMenu({
  canRemove,
  statsDefault,
  onSaveAs,
  onRemove,
  onToggleStats,
  onRevert,
}: LayoutMenuProps) {
  const [views, setViews] = useState(false);
  const { t } = useTranslation('wall');
  const { open, setOpen, id, buttonRef, choose, rootProps } = useMenuButton();

  return (
    <div className="wall-layout-menu" {...rootProps}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-ghost btn-small"
        aria-label={t('menu.more')}
        title={t('menu.more')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="wall-layout-menu"
      >
        ⋯
      </button>
      {open && (
        <div
          className="wall-tile-menu-list wall-layout-menu-list"
          role="menu"
          id={id}
          aria-label={t('menu.label')}
        >
          {onRevert && (
            <button
              type="button"
              role="menuitem"
              onClick={() => choose(onRevert)}
              data-testid="wall-menu-revert"
            >
              {t('menu.revert')}
            </button>
          )}
          <button type="button" role="menuitem" onClick={() => choose(onSaveAs)} data-testid="wall-save-as">
            {t('menu.saveAs')}
          </button>
          <OpenInWindowItem choose={choose} />
          <button
            type="button"
            role="menuitem"
            onClick={() => choose(() => setViews(true))}
            data-testid="wall-views"
          >
            {t('menu.views')}
          </button>
          <button
            type="button"
            role="menuitemcheckbox"
            aria-checked={statsDefault}
            onClick={() => choose(onToggleStats)}
          >
            {statsDefault ? '✓ ' : ''}
            {t('menu.statsOnEveryTile')}
          </button>
          {canRemove && (
            <button
              type="button"
              role="menuitem"
              className="is-danger"
              onClick={() => choose(onRemove)}
              data-testid="wall-remove-layout"
            >
              {t('menu.remove')}
            </button>
          )}
        </div>
      )}
      {views && <ViewsDialog onClose={() => setViews(false)} />}
    </div>
  );
}
