import i18next from 'i18next';

/** "Gate 1, Gate 2 and Lobby"; past `max` names, "… and 4 more" (in the app's language). */
export function namesList(names: readonly string[], max = 12): string {
  if (names.length <= 1) return names.join('');
  const separator = i18next.t('wall:names.separator');
  if (names.length > max)
    return i18next.t('wall:names.more', {
      names: names.slice(0, max).join(separator),
      count: names.length - max,
    });
  return i18next.t('wall:names.last', { names: names.slice(0, -1).join(separator), last: names.at(-1) });
}
