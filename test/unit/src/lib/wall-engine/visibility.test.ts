import { describe, expect, it } from 'vitest';
import { observeVisibility, type VisibilityEnvironment } from '../../../../../src/lib/wall-engine/visibility';

/** IntersectionObserver and document stand-ins the test drives. */
function environment() {
  let callback: ((entries: { isIntersecting: boolean; intersectionRatio: number }[]) => void) | null = null;
  let disconnected = false;
  const docListeners = new Set<() => void>();
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, l: () => void) => docListeners.add(l),
    removeEventListener: (_: string, l: () => void) => docListeners.delete(l),
  };
  class FakeObserver {
    constructor(cb: typeof callback) {
      callback = cb;
    }
    observe() {}
    disconnect() {
      disconnected = true;
    }
  }
  const env = { IntersectionObserver: FakeObserver, document: doc } as unknown as VisibilityEnvironment;
  return {
    env,
    intersect: (isIntersecting: boolean) =>
      callback!([{ isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 }]),
    setPage: (state: DocumentVisibilityState) => {
      doc.visibilityState = state;
      for (const l of docListeners) l();
    },
    get disconnected() {
      return disconnected;
    },
    docListeners,
  };
}

describe('observeVisibility', () => {
  it('reports the first answer, then only changes, of element intersection and page visibility', () => {
    const fake = environment();
    const seen: boolean[] = [];
    const stop = observeVisibility({} as Element, (v) => seen.push(v), { env: fake.env });
    expect(seen).toEqual([]); // nothing until the observer answers
    fake.intersect(true);
    fake.intersect(true);
    fake.setPage('hidden');
    fake.setPage('visible');
    fake.intersect(false);
    fake.setPage('hidden');
    fake.setPage('visible');
    expect(seen).toEqual([true, false, true, false]);
    stop();
    expect(fake.disconnected).toBe(true);
    expect(fake.docListeners.size).toBe(0);
  });
});
