import type { EventName, EventPayload } from '../shared/contract';
import type { Logger } from './logger';

export type AnyListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/**
 * The core's push events (profiles:changed, app:notice, …) to whoever listens.
 *
 * A listener that throws is logged and skipped: one broken shell listener must not stop the others
 * or fail the call that raised the event.
 */
export class EventBus {
  private readonly listeners = new Map<EventName, Set<(payload: never) => void>>();
  private readonly anyListeners = new Set<AnyListener>();

  constructor(private readonly log: Logger) {}

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const l of this.listeners.get(event) ?? [])
      this.safely(() => (l as (p: EventPayload<E>) => void)(payload));
    for (const l of this.anyListeners) this.safely(() => l(event, payload));
  }

  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    const stored = listener as (payload: never) => void;
    set.add(stored);
    return () => void set.delete(stored);
  }

  onAny(listener: AnyListener): () => void {
    this.anyListeners.add(listener);
    return () => void this.anyListeners.delete(listener);
  }

  private safely(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      this.log.error('an event listener failed', { error: (e as Error).message });
    }
  }
}
