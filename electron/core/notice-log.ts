import type { Notice } from '../shared/contract';
import type { EventBus } from './event-bus';
import type { Logger } from './logger';
import type { Clock, NoticeInput } from './ports';

const MAX_NOTICES = 50;

/**
 * What the operator is told (app:notice), and the most recent notices for app:info.
 *
 * A notice is also a log line, at info or warn, so the log file tells the same story as the screen.
 */
export class NoticeLog {
  private readonly recent: Notice[] = [];
  private count = 0;

  constructor(private readonly deps: { clock: Clock; log: Logger; events: EventBus }) {}

  notify = (input: NoticeInput): Notice => {
    const notice: Notice = { ...input, id: `notice-${++this.count}`, at: this.deps.clock.now() };
    this.recent.push(notice);
    if (this.recent.length > MAX_NOTICES) this.recent.shift();
    const line = `[${notice.source}] ${notice.message}`;
    if (notice.level === 'info') this.deps.log.info(line);
    else this.deps.log.warn(line);
    this.deps.events.emit('app:notice', notice);
    return notice;
  };

  list(): Notice[] {
    return [...this.recent];
  }
}
