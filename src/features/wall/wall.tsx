import { useEffect, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { WALL_DEVICE_MIME } from '../../session/wall-device';
import { ProfileRefusalNotice } from './profile-refusal-notice';
import { putDeviceOnWall } from './put-device-on-wall';
import { parseDevice } from './use-cell-drop';
import { useTileKeys } from './use-tile-keys';
import { useUndoKeys } from './use-undo-keys';
import { WallEngineProvider } from './wall-engine-provider';
import { TourSwitch } from './tour-stage';
import { WallGrid } from './wall-grid';
import { selectSettings, useCoreMirror } from '../../session/core-mirror';
import { useWallStore } from './wall-store';
import { WallToolbar } from './wall-toolbar';
import { WallStatusBar } from './wall-status-bar';
import './wall-toolbar.css';
import './wall-grid.css';
import './wall-tile.css';
import './wall-tile-menu.css';
import './wall-tile-problem.css';
import './wall-tile-stats.css';

/**
 * The video wall: the current layout's tiles, playing, with the layout picker above.
 *
 * It keeps its node whatever happens around it (a side panel opening only resizes it), and the
 * players live in the tiles, so nothing restarts when the window or the shell's grid changes.
 * It owns the playback engine its tiles share (WallEngineProvider).
 */
export interface WallProps {
  /** Open the app's profiles dialog (a refused profile's "Edit profile"). */
  onEditProfile?: () => void;
}

export function Wall({ onEditProfile }: WallProps = {}) {
  const statsOverlay = useCoreMirror((m) => selectSettings(m).statsOverlay);
  const { status, error, layout, remembering, editable } = useWallStore(
    useShallow((s) => ({
      status: s.status,
      error: s.error,
      layout: s.layout,
      remembering: s.remembering,
      editable: s.editable(),
    })),
  );
  const { t } = useTranslation('wall');
  useUndoKeys();
  useTileKeys();

  useEffect(() => {
    const { load, connect, flush } = useWallStore.getState();
    const stop = connect();
    void load();
    // What is still to be remembered is written before the page goes away or into the background.
    const onHide = () => void flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onHide();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      onHide();
    };
  }, []);

  return (
    <WallEngineProvider>
      <section
        className="wall"
        aria-label={t('wall.label')}
        data-testid="wall"
        data-status={status}
        data-layout-id={layout?.id}
        data-stats-default={statsOverlay || undefined}
        data-remembered={status === 'ready' ? !remembering : undefined}
      >
        {status !== 'loading' && <WallToolbar />}
        {status === 'ready' && <ProfileRefusalNotice onEditProfile={onEditProfile} />}
        <div
          className="wall-body"
          // A device dropped on the wall but not on a cell (an empty wall, a gap): the first free cell.
          onDragOver={(e: DragEvent) => {
            if (!editable || !e.dataTransfer.types.includes(WALL_DEVICE_MIME)) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'copy';
          }}
          onDrop={(e: DragEvent) => {
            if (e.defaultPrevented || !editable) return;
            const device = parseDevice(e.dataTransfer.getData(WALL_DEVICE_MIME));
            if (!device) return;
            e.preventDefault();
            putDeviceOnWall(device);
          }}
        >
          {status === 'loading' && (
            <div className="wall-message" role="status">
              <span className="spinner" aria-hidden="true" /> {t('wall.loading')}
            </div>
          )}
          {status === 'error' && error && (
            <div className="wall-message">
              <ErrorPanel
                title={t('wall.loadError')}
                message={error.message}
                coded={error}
                onRetry={() => void useWallStore.getState().load()}
              />
            </div>
          )}
          {status === 'ready' && !layout && (
            <div className="wall-message">
              <EmptyState title={t('wall.emptyTitle')} testId="wall-empty">
                {t('wall.emptyBody')}
              </EmptyState>
            </div>
          )}
          {status === 'ready' && layout && (
            <TourSwitch>
              <WallGrid layout={layout} />
            </TourSwitch>
          )}
        </div>
        {status === 'ready' && <WallStatusBar />}
      </section>
    </WallEngineProvider>
  );
}
