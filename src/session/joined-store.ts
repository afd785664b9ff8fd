import { useStore, type StoreApi } from 'zustand';

/** A store that is only read: what zustand's `useStore` and a `subscribe` need. */
export interface ReadStore<T> {
  getState(): T;
  getInitialState(): T;
  subscribe(listener: (state: T, previous: T) => void): () => void;
}

export type JoinedStore<T> = (<U>(selector: (state: T) => U) => U) & ReadStore<T>;

/**
 * Two stores read as one, without copying either: the joined state is made from both states when
 * either changes (and kept while neither does, so selectors see a stable object). Used where a
 * session's own state (drafts, requests) sits beside the documents of the core's mirror.
 */
export function joinStores<A, B, T>(
  a: StoreApi<A>,
  b: StoreApi<B>,
  join: (a: A, b: B) => T,
): JoinedStore<T> {
  let cache: { a: A; b: B; value: T } | null = null;
  const getState = (): T => {
    const sa = a.getState();
    const sb = b.getState();
    if (!cache || cache.a !== sa || cache.b !== sb) cache = { a: sa, b: sb, value: join(sa, sb) };
    return cache.value;
  };
  const subscribe = (listener: (state: T, previous: T) => void) => {
    let previous = getState();
    const changed = () => {
      const next = getState();
      if (next === previous) return;
      const before = previous;
      previous = next;
      listener(next, before);
    };
    const offA = a.subscribe(changed);
    const offB = b.subscribe(changed);
    return () => {
      offA();
      offB();
    };
  };
  const read: ReadStore<T> = { getState, getInitialState: getState, subscribe };
  const useJoined = <U>(selector: (state: T) => U): U => useStore(read, selector);
  return Object.assign(useJoined, read);
}

/** One store read through a projection (a compatible face for readers of an older store). */
export function deriveStore<A, T>(a: StoreApi<A>, project: (a: A) => T): JoinedStore<T> {
  return joinStores(a, a, (state) => project(state));
}
