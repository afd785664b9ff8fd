import { RoomDesiredSchema, screenTopic, type RoomCommand, type RoomDesired } from '../../shared/room';
import { placeTiles } from '../../shared/layout';
import { CoreError } from '../core-error';
import type { RoomLink } from './room-link';
import type { RoomRoster } from './room-roster';

export interface SendDeps {
  link: RoomLink;
  roster: RoomRoster;
  root: string;
  /** This PC's name: who sent it, as every screen and console will show. */
  pc: string;
  now: () => number;
}

/**
 * A console's command to a screen: numbered one above the highest revision seen for that screen,
 * signed with this PC's name and the time, published retained with QoS 1 on its `desired` topic, so
 * the broker keeps it for a screen that is offline (the console shows it pending until the screen
 * reports it applied). While the broker is away the MQTT client keeps it and sends it when back:
 * the answer says so (`queued`) rather than waiting.
 */
export async function sendCommand(
  deps: SendDeps,
  screen: string,
  command: RoomCommand,
): Promise<{ rev: number; queued: boolean }> {
  if ('view' in command) {
    // Refused here rather than by the screen: the console's operator sees why at once.
    const { problems } = placeTiles(command.view);
    if (problems.length > 0)
      throw new CoreError(
        'invalid-input',
        `The view does not fit its grid: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}.`,
        problems.map((p) => ({
          path: `command.view.${p.path}`,
          message: p.message,
          code: p.code,
          params: p.params,
        })),
        // The renderer words the sentence; the problems are named as the layout's rules say them.
        { code: 'room.viewDoesNotFit', params: { count: problems.length } },
      );
  }
  const desired: RoomDesired = RoomDesiredSchema.parse({
    rev: deps.roster.highest(screen) + 1,
    by: deps.pc,
    at: new Date(deps.now()).toISOString(),
    ...command,
  });
  deps.roster.sent(screen, desired);
  const published = deps.link.publish(screenTopic(deps.root, screen, 'desired'), JSON.stringify(desired), {
    retain: true,
    qos: 1,
  });
  if (deps.link.state !== 'online') {
    // The client sends it when the broker is back; a failure then (the link closed) is only logged.
    published.catch(() => undefined);
    return { rev: desired.rev, queued: true };
  }
  const away = new Promise<'away'>((resolve) => {
    const stop = deps.link.onState((state) => {
      if (state !== 'online') {
        stop();
        resolve('away');
      }
    });
    void published.finally(stop).catch(() => undefined);
  });
  const outcome = await Promise.race([published.then(() => 'sent' as const), away]);
  if (outcome === 'away') published.catch(() => undefined);
  return { rev: desired.rev, queued: outcome === 'away' };
}
