import {
  parseScreenTopic,
  ROOM_MESSAGE_MAX_BYTES,
  RoomDesiredSchema,
  RoomPresenceSchema,
  RoomReportedSchema,
  type RoomDesired,
  type RoomPresence,
  type RoomReported,
  type RoomScreenStatus,
} from '../../shared/room';
import type { Logger } from '../logger';

interface Entry {
  presence: RoomPresence | null;
  desired: RoomDesired | null;
  reported: RoomReported | null;
  /** The highest revision seen for it anywhere (desired, reported, refused): the next command goes above. */
  highest: number;
}

const SCHEMAS = { desired: RoomDesiredSchema, reported: RoomReportedSchema, presence: RoomPresenceSchema };

/**
 * The console's view of the room: every screen's presence, desired and reported state as the bus
 * says them (`<root>/screens/+/+`). Each message is validated; anything else (a stray topic, an
 * oversized or malformed message) is ignored and counted, never quoted in the log. An empty
 * retained message (a topic cleared on the broker) forgets that part.
 */
export class RoomRoster {
  private readonly screens = new Map<string, Entry>();
  private ignored = 0;

  constructor(
    private readonly root: string,
    private readonly log: Logger,
    private readonly now: () => number,
  ) {}

  /** One message from the bus; true when something the status shows changed. */
  ingest(topic: string, payload: Buffer | number, retained: boolean): boolean {
    const where = parseScreenTopic(this.root, topic);
    if (!where) return this.ignore(topic, 'not a screen topic');
    const bytes = typeof payload === 'number' ? payload : payload.length;
    if (typeof payload === 'number' || bytes > ROOM_MESSAGE_MAX_BYTES)
      return this.ignore(topic, `${bytes} bytes, above the limit`);
    const entry = this.entry(where.screen);
    if (bytes === 0) {
      if (entry[where.leaf] === null) return false;
      entry[where.leaf] = null;
      return true;
    }
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return this.ignore(topic, 'not JSON');
    }
    const parsed = SCHEMAS[where.leaf].safeParse(json);
    if (!parsed.success) return this.ignore(topic, 'not valid for its topic');
    if (where.leaf === 'presence') {
      const presence = parsed.data as RoomPresence;
      // A last will carries the time its link connected: the moment it arrives is when the screen went.
      entry.presence =
        presence.state === 'offline' && !retained
          ? { ...presence, since: new Date(this.now()).toISOString() }
          : presence;
    } else if (where.leaf === 'desired') {
      entry.desired = parsed.data as RoomDesired;
      entry.highest = Math.max(entry.highest, entry.desired.rev);
    } else {
      const reported = parsed.data as RoomReported;
      entry.reported = reported;
      entry.highest = Math.max(entry.highest, reported.rev, reported.rejected?.rev ?? 0);
    }
    return true;
  }

  /** The highest revision seen for a screen (0: none). */
  highest(screen: string): number {
    return this.screens.get(screen)?.highest ?? 0;
  }

  /** Remember a command this console sent (before the broker echoes it). */
  sent(screen: string, desired: RoomDesired): void {
    const entry = this.entry(screen);
    entry.desired = desired;
    entry.highest = Math.max(entry.highest, desired.rev);
  }

  /** Every screen seen, by name; this PC's screens from its agents (their wanted state). */
  list(
    local: ReadonlyMap<string, { desired: RoomDesired | null; reported: RoomReported | null }>,
  ): RoomScreenStatus[] {
    const names = new Set([...this.screens.keys(), ...local.keys()]);
    return [...names]
      .sort((a, b) => a.localeCompare(b))
      .map((name) => {
        const entry = this.screens.get(name);
        const mine = local.get(name);
        const desired = mine ? mine.desired : (entry?.desired ?? null);
        const reported = entry?.reported ?? mine?.reported ?? null;
        return {
          name,
          local: mine !== undefined,
          presence: entry?.presence ?? null,
          desired,
          reported,
          pending: isPending(desired, reported),
        };
      });
  }

  private entry(screen: string): Entry {
    let entry = this.screens.get(screen);
    if (!entry) {
      entry = { presence: null, desired: null, reported: null, highest: 0 };
      this.screens.set(screen, entry);
    }
    return entry;
  }

  /** Counted; said in the log at the 1st, 10th, 100th … so junk cannot flood it (never its payload). */
  private ignore(topic: string, why: string): false {
    this.ignored += 1;
    if (Number.isInteger(Math.log10(this.ignored)))
      this.log.warn(`ignored a message on ${topic.slice(0, 200)} (${why}); ${this.ignored} ignored so far`);
    return false;
  }
}

/** Told something the screen has neither applied nor refused yet. */
function isPending(desired: RoomDesired | null, reported: RoomReported | null): boolean {
  if (!desired) return false;
  if (desired.rev <= (reported?.rev ?? 0)) return false;
  const refused = reported?.rejected?.rev;
  return !(refused !== undefined && refused !== null && refused >= desired.rev);
}
