import type { PutManyResult } from '../../session/put-many-on-wall';
import type { WallDevice } from '../../session/wall-device';

const names = (devices: readonly WallDevice[]) => devices.map((d) => d.deviceName || d.deviceKey).join(', ');

/**
 * What putting several devices on the wall did, in a line beside the list: how many went on, how many
 * were there already, how many found no free tile (the wall never replaces a camera unasked) and stay
 * chosen. Short, because the wall's own notice names them; the names are in `title`.
 */
export function putManyText(result: PutManyResult): { text: string; title: string; tone: 'ok' | 'warn' } {
  if (result.refused)
    return { text: `Not put on the wall: ${result.refused}`, title: names(result.noRoom), tone: 'warn' };
  const added = result.placed.length - result.alreadyOn.length;
  const parts: string[] = [];
  const titles: string[] = [];
  if (added > 0) parts.push(`Put ${added} on the wall.`);
  if (result.alreadyOn.length > 0) {
    parts.push(`${result.alreadyOn.length} already on it.`);
    titles.push(`Already on the wall: ${names(result.alreadyOn)}`);
  }
  if (result.noRoom.length > 0) {
    parts.push(`${result.noRoom.length} did not fit (no free tile): they stay chosen.`);
    titles.push(`No free tile for: ${names(result.noRoom)}`);
  }
  if (parts.length === 0) parts.push('Nothing to put on the wall.');
  return { text: parts.join(' '), title: titles.join('\n'), tone: result.noRoom.length > 0 ? 'warn' : 'ok' };
}
