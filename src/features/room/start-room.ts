import type { Api } from '../../../electron/shared/contract';
import { startRoomMirror } from './room-mirror';
import { startScreenMode } from './screen-mode';

/**
 * The room in this window: its mirror (room:status, then room:changed), and this window obeying
 * its screen's desired view. Returns the stop. The composition root calls it once, after the core's
 * mirror; nothing here acts at import.
 */
export function startRoom(api: Pick<Api, 'on' | 'room'>): () => void {
  const stopMirror = startRoomMirror(api);
  const stopScreen = startScreenMode();
  return () => {
    stopScreen();
    stopMirror();
  };
}
