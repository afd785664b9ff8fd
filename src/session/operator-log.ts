import type { OperatorEventWords } from '../../electron/shared/contract';

/**
 * The operator log's door for the renderer: what happened on the wall (a tile went stale, failed,
 * recovered, was assigned or cleared; a tour switched), with time, device and reason. The wall and
 * the tours record through here; the core keeps the log (bounded, across restarts).
 *
 * Until the log's writer is installed (the app shell does it at start), events are kept in a small
 * queue and flushed when it is.
 */
type OperatorEventKind =
  'stale' | 'failed' | 'recovered' | 'assigned' | 'cleared' | 'tour-switch' | 'degraded' | 'restored';

export interface OperatorEvent {
  kind: OperatorEventKind;
  deviceKey?: string;
  deviceName?: string;
  /** Plain words: why (the failure's reason, the tour's name and page). */
  reason?: string;
  /** The same as a kind and parameters, worded in the operator's language when shown. */
  words?: OperatorEventWords;
  /** When it happened (epoch ms); default now. */
  at?: number;
}

type Writer = (event: Required<Pick<OperatorEvent, 'at'>> & OperatorEvent) => void;

const QUEUE_LIMIT = 500;
let writer: Writer | null = null;
const queue: (Required<Pick<OperatorEvent, 'at'>> & OperatorEvent)[] = [];

/** Record one event (never throws; never blocks the caller). */
export function recordOperatorEvent(event: OperatorEvent): void {
  const stamped = { ...event, at: event.at ?? Date.now() };
  if (writer) writer(stamped);
  else {
    queue.push(stamped);
    if (queue.length > QUEUE_LIMIT) queue.shift();
  }
}

/** Install the writer (the app shell, once); returns the function that uninstalls it. */
export function installOperatorLogWriter(w: Writer): () => void {
  writer = w;
  for (const e of queue.splice(0)) w(e);
  return () => {
    if (writer === w) writer = null;
  };
}
