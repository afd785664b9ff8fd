/** "Gate 1, Gate 2 and Lobby"; past `max` names, "… and 4 more". */
export function namesList(names: readonly string[], max = 12): string {
  if (names.length <= 1) return names.join('');
  if (names.length > max) return `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
