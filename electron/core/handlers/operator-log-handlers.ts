import type { EventBus } from '../event-bus';
import type { OperatorLog } from '../operator-log';
import type { CoreHandlers } from '../run-handler';

type OperatorLogChannels = 'oplog:append' | 'oplog:list' | 'oplog:csv';

/**
 * The operator log's channels: the wall appends what happened (in batches), the log panel lists it
 * (filtered, a page at a time) and exports it as CSV. Every append is announced (`oplog:appended`)
 * so an open panel shows it, whichever window it came from.
 */
export function operatorLogHandlers(deps: {
  operatorLog: OperatorLog;
  events: EventBus;
  now: () => number;
}): Pick<CoreHandlers, OperatorLogChannels> {
  const { operatorLog, events } = deps;
  return {
    'oplog:append': async ({ events: batch }) => {
      const added = await operatorLog.append(batch);
      const lastId = added.at(-1)?.id;
      if (lastId !== undefined) events.emit('oplog:appended', { lastId, count: added.length });
      return { appended: added.length };
    },
    'oplog:list': async (input) => operatorLog.list(input ?? {}),
    'oplog:csv': async (input) => operatorLog.csv(input ?? {}, deps.now()),
  };
}
