import type { RoomService } from '../room/room-service';
import type { CoreHandlers } from '../run-handler';

/**
 * The control room's channels for the screens and the console: the room as this PC knows it, a
 * console's command to any screen, and a screen window's report of what it applied. (The settings'
 * channels, `room:config` and `room:configure`, live beside the room's settings store.)
 */
export function roomHandlers(
  room: RoomService,
): Pick<CoreHandlers, 'room:status' | 'room:send' | 'room:report'> {
  return {
    'room:status': async () => room.status(),
    'room:send': ({ screen, command }) => room.send(screen, command),
    'room:report': (input) => room.report(input),
  };
}
