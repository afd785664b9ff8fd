import { useContext, useEffect } from 'react';
import { api } from '../../lib/bridge';
import { WallEngineContext } from './wall-door';
import { useTourStore } from './wall-door';
import { useWallStore } from './wall-door';
import { engineTileStates } from './engine-tile-states';
import { useRoomMirror } from './room-mirror';
import { useScreenMode } from './screen-mode';
import { ReportThrottle, screenReport } from './screen-report';

/** How often the tiles' states are read for the report (the engine reads them once a second too). */
const READ_MS = 1_000;

/**
 * While this window is one of the room's screens, report what it applied, what it shows and each
 * tile's state (from the wall engine's tile snapshots) on every change, at most about once a
 * second; again whenever the bus comes back. Used inside the wall (it needs the wall's engine).
 */
export function useScreenReport(): void {
  const engine = useContext(WallEngineContext);
  const screen = useScreenMode((s) => s.screen);

  useEffect(() => {
    if (!screen || !engine) return;
    const throttle = new ReportThrottle((report) => api.room.report(report), READ_MS);
    const tick = () => {
      const mode = useScreenMode.getState();
      if (mode.screen !== screen) return;
      const running = useTourStore.getState().running;
      const shown = {
        layout: useWallStore.getState().layout,
        tour: running ? { name: running.tour.name, page: running.pages[running.view.page] ?? null } : null,
      };
      throttle.offer(screenReport(screen, mode, shown, engineTileStates(engine)));
    };
    const timer = setInterval(tick, READ_MS);
    const offMode = useScreenMode.subscribe(tick);
    const offWall = useWallStore.subscribe((s, prev) => {
      if (s.layout !== prev.layout) tick();
    });
    const offTour = useTourStore.subscribe((s, prev) => {
      if (s.running?.tour !== prev.running?.tour) tick();
    });
    const offRoom = useRoomMirror.subscribe((s, prev) => {
      if (s.room?.connection.state === 'online' && prev.room?.connection.state !== 'online') {
        throttle.reset();
        tick();
      }
    });
    tick();
    return () => {
      clearInterval(timer);
      offMode();
      offWall();
      offTour();
      offRoom();
      throttle.stop();
    };
  }, [engine, screen]);
}
