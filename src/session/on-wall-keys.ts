import { create } from 'zustand';

export interface OnWallKeysState {
  /** The device keys that have a tile on the wall now. */
  keys: ReadonlySet<string>;
  /** The wall publishes its device keys; the state changes only when the set really does. */
  setKeys(keys: Iterable<string>): void;
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const key of a) if (!b.has(key)) return false;
  return true;
}

/**
 * Which devices are on the wall, for the catalog to mark them: the wall writes, others only read.
 *
 * It lives in src/session so the catalog need not import the wall. A new Set only when the keys
 * change, so a subscriber re-renders on a placement, not on every wall update.
 */
export const useOnWallKeys = create<OnWallKeysState>()((set, get) => ({
  keys: new Set<string>(),
  setKeys(keys) {
    const next = new Set(keys);
    if (!sameSet(get().keys, next)) set({ keys: next });
  },
}));
