import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { EmptyState } from '../../components/empty-state';
import { ErrorPanel } from '../../components/error-panel';
import { WallEngineProvider } from './wall-engine-provider';
import { WallGrid } from './wall-grid';
import { useWallStore } from './wall-store';
import { WallToolbar } from './wall-toolbar';
import './wall.css';

/**
 * The video wall: the current layout's tiles, playing, with the layout picker above.
 *
 * It keeps its node whatever happens around it (a side panel opening only resizes it), and the
 * players live in the tiles, so nothing restarts when the window or the shell's grid changes.
 * It owns the playback engine its tiles share (WallEngineProvider).
 */
export function Wall() {
  const { status, error, layout, statsOverlay } = useWallStore(
    useShallow((s) => ({
      status: s.status,
      error: s.error,
      layout: s.layout,
      statsOverlay: s.settings.statsOverlay,
    })),
  );

  useEffect(() => {
    const { load, connect, flush } = useWallStore.getState();
    const stop = connect();
    void load();
    // A pending edit is written before the page goes away or into the background.
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
        aria-label="Video wall"
        data-testid="wall"
        data-status={status}
        data-layout-id={layout?.id}
        data-stats-default={statsOverlay || undefined}
      >
        {status !== 'loading' && <WallToolbar />}
        <div className="wall-body">
          {status === 'loading' && (
            <div className="wall-message" role="status">
              <span className="spinner" aria-hidden="true" /> Loading the wall…
            </div>
          )}
          {status === 'error' && error && (
            <div className="wall-message">
              <ErrorPanel
                title="The wall could not load its layouts"
                message={error.message}
                onRetry={() => void useWallStore.getState().load()}
              />
            </div>
          )}
          {status === 'ready' && !layout && (
            <div className="wall-message">
              <EmptyState title="The wall is empty" testId="wall-empty">
                Put a device on the wall from the catalog (drag it here, or select it and press Enter), or
                choose a grid size above.
              </EmptyState>
            </div>
          )}
          {status === 'ready' && layout && <WallGrid layout={layout} />}
        </div>
      </section>
    </WallEngineProvider>
  );
}
