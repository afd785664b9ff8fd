import type { ApiTransport, AppError, Channel, EventName, Result } from '../../electron/shared/contract';

/** readyState of an EventSource the browser gave up on (it will not reconnect by itself). */
const CLOSED = 2;

/**
 * Whether the page can reach its own service (the browser shell on this computer).
 *
 * - ok: the last call or event stream got through;
 * - lost: a call could not connect, or the event stream broke, `since` then (retried by itself);
 * - signed-out: the shell answers but no longer knows this page (it was restarted with a new token).
 */
type ServiceContact =
  { state: 'ok' } | { state: 'lost'; since: number } | { state: 'signed-out'; since: number };

export interface ServiceContactStore {
  get(): ServiceContact;
  /** For useSyncExternalStore: called on every change of state. */
  subscribe(listener: () => void): () => void;
  /** What the transport saw: an answer from the shell, no connection, or a refusal of the session. */
  report(seen: 'reached' | 'unreachable' | 'signed-out'): void;
}

/** A contact store; the app has one (`serviceContact`), tests make their own. */
export function createServiceContact(now: () => number = Date.now): ServiceContactStore {
  let contact: ServiceContact = { state: 'ok' };
  const listeners = new Set<() => void>();
  const set = (next: ServiceContact) => {
    contact = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => contact,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    report(seen) {
      if (seen === 'reached') {
        if (contact.state !== 'ok') set({ state: 'ok' });
      } else if (seen === 'signed-out') {
        if (contact.state !== 'signed-out')
          set({ state: 'signed-out', since: contact.state === 'lost' ? contact.since : now() });
      } else if (contact.state === 'ok') set({ state: 'lost', since: now() });
    },
  };
}

/**
 * The page's contact with its service. Only the browser shell's transport reports to it: the Electron
 * window reaches its core in-process and never loses it, so there it always reads ok.
 */
export const serviceContact: ServiceContactStore = createServiceContact();

export interface HttpTransportOptions {
  /** Origin (or prefix) of the browser shell; default '' = the page's own origin. */
  baseUrl?: string;
  /** Default the page's fetch; tests pass one that adds a Bearer token. */
  fetch?: typeof fetch;
  /** Default `new EventSource(url)`. */
  createEventSource?: (url: string) => EventSource;
  /** First wait before reopening a stream the browser closed for good; doubles up to 30 s. */
  reopenMs?: number;
  /** Where contact with the shell is reported; default the app's `serviceContact`. */
  contact?: ServiceContactStore;
  /** While contact is lost: how often the shell is asked whether it is back; default 3 s. */
  probeMs?: number;
}

/**
 * The browser shell's transport: `POST /api/<channel>` for calls, one shared EventSource on
 * `/api/events` for every push event.
 *
 * Calls never throw: a network failure, an answer without a Result and even an input that cannot be
 * serialised come back as `{ok:false, error}`. The session cookie rides along (same origin only).
 * The EventSource reconnects by itself after a dropped connection; when the browser gives up on it
 * (an error answer, say) it is reopened after a growing pause for as long as anyone listens.
 *
 * Every answer, failed connection and event-stream break is reported to `contact`, so the screen
 * can say once that the service is gone instead of each part showing its own error. While contact
 * is lost the shell is asked every few seconds (a call of app:info) until it answers.
 */
export function createHttpTransport(options: HttpTransportOptions = {}): ApiTransport {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((url: string, init?: RequestInit) => globalThis.fetch(url, init));
  const open = options.createEventSource ?? ((url: string) => new EventSource(url));
  const firstPause = options.reopenMs ?? 1_000;
  const contact = options.contact ?? serviceContact;
  const probeMs = options.probeMs ?? 3_000;

  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  let source: EventSource | undefined;
  let attached = new Set<EventName>();
  let pause = firstPause;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let probeTimer: ReturnType<typeof setTimeout> | undefined;

  /** What an HTTP answer says about contact: the shell's own 401 means this page's session is gone. */
  const answered = (status: number) => contact.report(status === 401 ? 'signed-out' : 'reached');

  /** Ask the shell whether it is back, every `probeMs` while contact is lost and anyone listens. */
  function scheduleProbe(): void {
    if (probeTimer !== undefined || contact.get().state !== 'lost' || listeners.size === 0) return;
    probeTimer = setTimeout(() => {
      void doFetch(`${base}/api/app:info`, { method: 'POST', credentials: 'same-origin', cache: 'no-store' })
        .then(
          (response) => answered(response.status),
          () => contact.report('unreachable'),
        )
        .finally(() => {
          probeTimer = undefined;
          scheduleProbe();
        });
    }, probeMs);
  }

  contact.subscribe(() => {
    const state = contact.get().state;
    if (state === 'lost') scheduleProbe();
    // Back: a stream the browser gave up on need not wait out its pause.
    if (state === 'ok' && !source && reopenTimer !== undefined) {
      clearTimeout(reopenTimer);
      reopenTimer = undefined;
      pause = firstPause;
      openSource();
    }
  });

  function dispatch(event: EventName, data: string): void {
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        // One failing listener must not starve the others.
        console.error(`[bridge] a listener of ${event} failed`, error);
      }
    }
  }

  function attach(event: EventName): void {
    if (!source || attached.has(event)) return;
    source.addEventListener(event, (e) => dispatch(event, String((e as MessageEvent).data)));
    attached.add(event);
  }

  function openSource(): void {
    if (source || listeners.size === 0) return;
    const current = open(`${base}/api/events`);
    source = current;
    attached = new Set();
    for (const event of listeners.keys()) attach(event);
    current.onopen = () => {
      pause = firstPause;
      contact.report('reached');
    };
    current.onerror = () => {
      if (source !== current) return;
      contact.report('unreachable');
      if (current.readyState !== CLOSED) return;
      current.close();
      source = undefined;
      reopenTimer ??= setTimeout(() => {
        reopenTimer = undefined;
        openSource();
      }, pause);
      pause = Math.min(pause * 2, 30_000);
    };
  }

  function closeSource(): void {
    source?.close();
    source = undefined;
    if (reopenTimer !== undefined) clearTimeout(reopenTimer);
    reopenTimer = undefined;
  }

  return {
    async invoke(channel: Channel, input: unknown): Promise<Result<unknown>> {
      let body: string | undefined;
      try {
        body = input === undefined ? undefined : JSON.stringify(input);
      } catch (error) {
        return failure(
          'invalid-input',
          `The input of ${channel} cannot be sent: ${(error as Error).message}`,
        );
      }
      let response: Response;
      try {
        response = await doFetch(`${base}/api/${channel}`, {
          method: 'POST',
          credentials: 'same-origin',
          cache: 'no-store',
          headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
          body,
        });
      } catch (error) {
        contact.report('unreachable');
        return failure('network', `The browser shell cannot be reached (${(error as Error).message}).`);
      }
      answered(response.status);
      let answer: unknown;
      try {
        answer = await response.json();
      } catch (error) {
        return failure(
          'network',
          `The browser shell's answer to ${channel} was cut off or is not JSON (HTTP ${response.status}, ${(error as Error).message}).`,
        );
      }
      if (isResult(answer)) return answer;
      return failure(
        'bad-response',
        `The browser shell answered ${channel} with HTTP ${response.status} and no result.`,
      );
    },

    on(event: EventName, listener: (payload: unknown) => void): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      openSource();
      attach(event);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(event);
        if (listeners.size === 0) closeSource();
      };
    },
  };
}

function failure(kind: AppError['kind'], message: string): { ok: false; error: AppError } {
  return { ok: false, error: { kind, message } };
}

function isResult(value: unknown): value is Result<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { ok?: unknown; value?: unknown; error?: { kind?: unknown; message?: unknown } };
  if (v.ok === true) return 'value' in v;
  return v.ok === false && typeof v.error?.kind === 'string' && typeof v.error.message === 'string';
}
