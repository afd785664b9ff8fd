/**
 * "Control room 2" -> "control-room-2", made unique with -2, -3, ... among the taken ids.
 *
 * Ids of profiles and layouts made from a name the user typed.
 */
export function slugId(name: string, isTaken: (id: string) => boolean, fallback: string): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || fallback;
  let id = base;
  for (let n = 2; isTaken(id); n++) id = `${base}-${n}`;
  return id;
}
