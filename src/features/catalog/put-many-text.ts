import i18next from 'i18next';
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
    return {
      text: i18next.t('catalog:put.refused', { reason: result.refused }),
      title: names(result.noRoom),
      tone: 'warn',
    };
  const added = result.placed.length - result.alreadyOn.length;
  const parts: string[] = [];
  const titles: string[] = [];
  // Each part is a sentence of its own, so the line reads whole in any language.
  if (added > 0) parts.push(i18next.t('catalog:put.added', { count: added }));
  if (result.alreadyOn.length > 0) {
    parts.push(i18next.t('catalog:put.alreadyOn', { count: result.alreadyOn.length }));
    titles.push(i18next.t('catalog:put.alreadyOnTitle', { names: names(result.alreadyOn) }));
  }
  if (result.noRoom.length > 0) {
    parts.push(i18next.t('catalog:put.noRoom', { count: result.noRoom.length }));
    titles.push(i18next.t('catalog:put.noRoomTitle', { names: names(result.noRoom) }));
  }
  if (parts.length === 0) parts.push(i18next.t('catalog:put.nothing'));
  return {
    text: parts.join(i18next.t('catalog:put.separator')),
    title: titles.join('\n'),
    tone: result.noRoom.length > 0 ? 'warn' : 'ok',
  };
}
