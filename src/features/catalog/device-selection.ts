/**
 * Which devices of the list are chosen to go on the wall together, and where a Shift-range starts.
 *
 * Keys, not positions, so a device stays chosen while the list scrolls; a new answer (another page,
 * another filter) starts a new selection.
 */
export interface DeviceSelection {
  keys: ReadonlySet<string>;
  /** The row a Shift-click or Shift+Space extends from: the last one toggled. */
  anchor: number | null;
}

export const NO_SELECTION: DeviceSelection = { keys: new Set(), anchor: null };

type Keyed = { deviceKey: string };

/** Choose the row, or unchoose it when it was chosen; it becomes the anchor. */
export function toggleRow(
  selection: DeviceSelection,
  items: readonly Keyed[],
  index: number,
): DeviceSelection {
  const key = items[index]?.deviceKey;
  if (key === undefined) return selection;
  const keys = new Set(selection.keys);
  if (keys.has(key)) keys.delete(key);
  else keys.add(key);
  return { keys, anchor: index };
}

/**
 * Choose every row from the anchor to this one (both included), as Shift-click does in a file list;
 * without an anchor, just this row. The anchor stays, so the range can be changed again.
 */
export function extendTo(
  selection: DeviceSelection,
  items: readonly Keyed[],
  index: number,
): DeviceSelection {
  if (index < 0 || index >= items.length) return selection;
  const from = selection.anchor ?? index;
  const [lo, hi] = from <= index ? [from, index] : [index, from];
  const keys = new Set(selection.keys);
  for (let i = Math.max(0, lo); i <= Math.min(items.length - 1, hi); i++) keys.add(items[i].deviceKey);
  return { keys, anchor: from };
}

/** Every row of the list chosen; or none, when every one was chosen already (Ctrl+A again). */
export function toggleAll(selection: DeviceSelection, items: readonly Keyed[]): DeviceSelection {
  const all = items.length > 0 && items.every((d) => selection.keys.has(d.deviceKey));
  return all ? NO_SELECTION : { keys: new Set(items.map((d) => d.deviceKey)), anchor: selection.anchor };
}

/** The chosen devices in list order (the order they fill the wall's free tiles in). */
export function chosenInOrder<T extends Keyed>(selection: DeviceSelection, items: readonly T[]): T[] {
  return items.filter((d) => selection.keys.has(d.deviceKey));
}
