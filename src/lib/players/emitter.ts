/**
 * A small typed event emitter.
 *
 * A listener that throws must not break the player or the other listeners, so each call is guarded
 * and the error reported to `onListenerError`.
 */
export class Emitter<M extends object> {
  private readonly listeners = new Map<keyof M, Set<(payload: never) => void>>();

  constructor(
    private readonly onListenerError: (error: unknown) => void = (e) => console.error('[players]', e),
  ) {}

  on<E extends keyof M>(event: E, listener: (payload: M[E]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    const stored = listener as (payload: never) => void;
    set.add(stored);
    return () => {
      set.delete(stored);
    };
  }

  emit<E extends keyof M>(event: E, payload: M[E]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as (payload: M[E]) => void)(payload);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
