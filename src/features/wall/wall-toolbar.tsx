import i18next from 'i18next';
import { useNoticesStore } from '../../session/notices-store';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { api } from '../../lib/bridge';
import { GridPicker } from './grid-picker';
import { LayoutMenu } from './layout-menu';
import { LayoutPicker } from './layout-picker';
import { LayoutStatus } from './layout-status';
import { ParkedTiles } from './parked-tiles';
import { SaveAsDialog } from './save-as-dialog';
import { TourCurrentView } from './tour-current-view';
import { TourMenu } from './tour-menu';
import { selectLayouts, selectSettings, useCoreMirror } from '../../session/core-mirror';
import { useTourStore } from './tour-store';
import { UndoButtons } from './undo-buttons';
import { WallFullscreenButton } from './wall-fullscreen-button';
import { WallHealth } from './wall-health';
import { useWallStore } from './wall-store';

type Open = 'save-as' | 'remove' | null;

/**
 * Layout picker and whether the wall is its saved layout (Save, Revert), grid size, Undo and Redo,
 * parked cameras, the stats default, the layout's other actions (save as, remove), and the tiles'
 * health. One line beside an open catalog at 1366 px: labels give way first (a container query).
 */
export function WallToolbar() {
  const layouts = useCoreMirror(selectLayouts);
  const statsDefault = useCoreMirror((m) => selectSettings(m).statsOverlay);
  const { layout, editable, modified } = useWallStore(
    useShallow((s) => ({
      layout: s.layout,
      editable: s.editable(),
      modified: s.changes === 'modified' && s.saveState !== 'saving' && s.saveState !== 'failed',
    })),
  );
  // While a tour runs the wall shows its pages, not the wall's own view: say which, and offer no
  // edit of the view hidden under it.
  const tourPage = useTourStore((s) => (s.running ? (s.running.pages[s.running.view.page] ?? null) : null));
  const [open, setOpen] = useState<Open>(null);
  const { t } = useTranslation('wall');
  const stored = !!layout && layouts.some((l) => l.id === layout.id);
  const toggleStats = () => void api.settings.set({ statsOverlay: !statsDefault });

  return (
    <div className="wall-toolbar" data-testid="wall-toolbar">
      {tourPage ? (
        <>
          <LayoutPicker touring={{ layoutId: tourPage.layout.id }} />
          <TourCurrentView page={tourPage} />
        </>
      ) : (
        <>
          <LayoutPicker />
          {layout && <LayoutStatus onSaveAs={() => setOpen('save-as')} />}
          {editable && <GridPicker grid={layout?.grid ?? null} />}
          {editable && layout && <UndoButtons />}
          <ParkedTiles />
        </>
      )}
      {editable && !tourPage && (
        <Button
          size="small"
          variant="ghost"
          className={`wall-stats-button${statsDefault ? ' is-on' : ''}`}
          aria-pressed={statsDefault}
          onClick={toggleStats}
          title={t('toolbar.statsTitle')}
          data-testid="wall-stats-default"
        >
          {t('toolbar.stats')}
        </Button>
      )}
      {editable && !tourPage && (
        <LayoutMenu
          canRemove={stored}
          statsDefault={statsDefault}
          onSaveAs={() => setOpen('save-as')}
          onRemove={() => setOpen('remove')}
          onToggleStats={toggleStats}
          {...(modified ? { onRevert: () => useWallStore.getState().revert() } : {})}
        />
      )}
      <TourMenu />
      <span className="spacer" />
      <WallHealth />
      <WallFullscreenButton />
      {open === 'save-as' && (
        <SaveAsDialog
          initial={
            layout
              ? stored
                ? t('toolbar.copyName', { name: layout.name })
                : layout.name
              : t('toolbar.newName')
          }
          onClose={() => setOpen(null)}
        />
      )}
      {open === 'remove' && layout && (
        <ConfirmDialog
          title={t('toolbar.removeTitle')}
          message={t('toolbar.removeMessage', { name: layout.name })}
          confirmLabel={t('toolbar.removeConfirm')}
          danger
          onCancel={() => setOpen(null)}
          onConfirm={() => {
            setOpen(null);
            void useWallStore
              .getState()
              .removeLayout(layout.id)
              .then((r) => {
                if (!r.ok)
                  useNoticesStore.getState().notify({
                    level: 'warning',
                    message: i18next.t('wall:toolbar.removeFailed', { name: layout.name, reason: r.message }),
                  });
              });
          }}
        />
      )}
    </div>
  );
}
