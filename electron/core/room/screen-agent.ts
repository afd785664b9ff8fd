import type { OperatorEventInput } from '../../shared/contract/operator-log';
import {
  RoomReportedSchema,
  screenTopic,
  type RoomDesired,
  type RoomReported,
  type RoomReportInput,
} from '../../shared/room';
import { LIMITS } from '../../shared/limits';
import type { Logger } from '../logger';
import {
  checkDesiredMessage,
  localRefusal,
  staleRevision,
  type LocalFacts,
  type Refusal,
} from './desired-check';
import { appliedEvent, refusedEvent } from './room-oplog';
import type { RoomLink } from './room-link';

/** How long leaving waits for the broker to take the screen's offline presence. */
const OFFLINE_SAY_MS = 2_000;

export interface ScreenAgentDeps {
  link: RoomLink;
  root: string;
  screen: string;
  pc: string;
  /** The app's version, said in every report. */
  version: string;
  now: () => number;
  facts: LocalFacts;
  /** Something the status shows changed (the wanted state, a refusal). */
  onChange: () => void;
  /** One operator-log entry (a remote change applied, a command refused). */
  record: (event: OperatorEventInput) => void;
  log: Logger;
  /**
   * Device names for keys, as this PC's selected profile finds them (the core's bounded name
   * lookup); for the tiles of a view sent without `deviceName`. None: the tiles keep their keys.
   */
  names?: (keys: readonly string[]) => Promise<ReadonlyMap<string, string>>;
}

type Rejection = NonNullable<RoomReported['rejected']>;

/**
 * One screen of this PC in the room: it obeys its `desired` topic and says what it shows.
 *
 * Its own link (the broker's last will marks it offline when the link dies); on every connect it
 * says `online` (retained). Each desired message is checked before anything (size, JSON, schema, the
 * grid, a profile here, the tour's views here); a refused one is answered on `reported` with the
 * reason and changes nothing. A valid one above the highest revision seen becomes the wanted state
 * the screen's window applies (`room:status`), and is what comes back after a restart or reconnect
 * (the retained message). What the window applied arrives through `report()`, published retained;
 * nothing is published while the broker is away, the latest report goes out when it is back.
 */
export class ScreenAgent {
  private wantedState: RoomDesired | null = null;
  /** The highest revision seen (applied or refused) and which message carried it. */
  private highest = 0;
  private highestId: string | null = null;
  /** The refusal the screen keeps saying until a newer command is applied. */
  private rejection: Rejection | null = null;
  /** What the screen last said on the bus (its retained message after a restart). */
  private lastReported: RoomReported | null = null;
  /** The report to publish when the broker is back. */
  private unsent: RoomReported | null = null;
  private lastSentKey: string | null = null;
  private work: Promise<void> = Promise.resolve();
  private readonly stops: (() => void)[] = [];
  private closed = false;
  readonly name: string;

  constructor(private readonly deps: ScreenAgentDeps) {
    this.name = deps.screen;
  }

  /** The wanted state the screen's window applies (null: nothing told yet). */
  get wanted(): RoomDesired | null {
    return this.wantedState;
  }

  get reported(): RoomReported | null {
    return this.lastReported;
  }

  get state() {
    return this.deps.link.state;
  }

  start(): void {
    const { link, root, screen } = this.deps;
    const desired = screenTopic(root, screen, 'desired');
    const reported = screenTopic(root, screen, 'reported');
    this.stops.push(
      link.onMessage((topic, payload) => {
        if (topic === reported) this.readOwnReport(payload);
        else if (topic === desired) this.serially(() => this.onDesired(payload));
      }),
      link.onDropped?.((topic, bytes) => {
        if (topic === desired) this.serially(() => this.onDesired(bytes));
      }) ?? (() => undefined),
      link.onState((state) => {
        if (state === 'online') this.serially(() => this.cameOnline());
        this.deps.onChange();
      }),
    );
    // Its own report first: a desired message that comes back after a restart is then known as applied.
    void link
      .subscribe(reported)
      .then(() => link.subscribe(desired))
      .catch((error: unknown) =>
        this.deps.log.warn(`screen ${screen}: subscribing failed: ${(error as Error).message}`),
      );
    if (link.state === 'online') this.serially(() => this.cameOnline());
  }

  /** What the screen's window applied; published retained unless identical to the last one. */
  async report(input: RoomReportInput): Promise<{ published: boolean }> {
    if (input.rejected && !sameRejection(input.rejected, this.rejection)) {
      this.rejection = input.rejected;
      this.deps.record(refusedEvent(this.name, input.rejected.rev, input.rejected.reason, this.deps.now()));
      this.deps.onChange();
    }
    return this.say({ rev: input.rev, shows: input.shows, tiles: input.tiles });
  }

  /** Say offline (a clean close sends no last will) and close the link. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stops.forEach((stop) => stop());
    const { link } = this.deps;
    if (link.state === 'online') {
      // Said, but not waited for past OFFLINE_SAY_MS: a broker that stops as the room leaves it (the
      // hosted broker turned off with the room) never acknowledges, and the link must still close.
      // The link's graceful close still lets a late acknowledgement finish; a broker that never answers
      // loses the socket instead, and its copy of the last will says offline.
      const said = link
        .publish(screenTopic(this.deps.root, this.name, 'presence'), this.presence('offline'), {
          retain: true,
        })
        .catch(() => undefined);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        said,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, OFFLINE_SAY_MS))),
      ]);
      clearTimeout(timer);
    }
    await link.close();
  }

  /** The offline presence the broker publishes for it when its link dies. */
  static will(root: string, screen: string, pc: string, now: number) {
    return {
      topic: screenTopic(root, screen, 'presence'),
      payload: JSON.stringify({ state: 'offline', since: new Date(now).toISOString(), pc }),
      retain: true,
      qos: 1 as const,
    };
  }

  private presence(state: 'online' | 'offline'): string {
    return JSON.stringify({ state, since: new Date(this.deps.now()).toISOString(), pc: this.deps.pc });
  }

  private async cameOnline(): Promise<void> {
    if (this.closed) return;
    const { link, root } = this.deps;
    await link.publish(screenTopic(root, this.name, 'presence'), this.presence('online'), { retain: true });
    // The latest report held while away; else the last one said again, for a broker that lost its
    // retained messages in a restart (a console then still numbers its next command above it).
    const again = this.unsent ?? (this.lastSentKey !== null ? this.lastReported : null);
    if (again) {
      this.unsent = null;
      await this.publishReport({ ...again, at: new Date(this.deps.now()).toISOString() });
    }
  }

  private readOwnReport(payload: Buffer): void {
    if (payload.length === 0) return;
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return;
    }
    const parsed = RoomReportedSchema.safeParse(json);
    // Another PC's screen of the same name is not this one's history.
    if (parsed.success && parsed.data.pc === this.deps.pc) this.lastReported = parsed.data;
  }

  private async onDesired(payload: Buffer | number): Promise<void> {
    if (this.closed || (typeof payload !== 'number' && payload.length === 0)) return;
    const checked = checkDesiredMessage(payload);
    const rev = checked.ok ? checked.desired.rev : checked.rev;
    const id = checked.ok ? identity(checked.desired) : null;
    if (rev !== null && rev <= this.highest) {
      // The same message again (a reconnect, a resubscription): nothing to do.
      if (id !== null && id === this.highestId) return;
      if (rev < this.highest || id !== null) return this.refuse(rev, staleRevision(rev, this.highest), false);
    }
    if (!checked.ok) return this.refuse(checked.rev, checked, true);
    const desired = checked.desired;
    const problem = await localRefusal(desired, this.deps.facts, this.deps.pc);
    if (problem) return this.refuse(desired.rev, problem, true, id);
    this.highest = desired.rev;
    this.highestId = id;
    this.wantedState = desired;
    this.rejection = null;
    this.deps.onChange();
    this.nameTiles(desired);
    // After a restart the retained command comes back: applied before, so not a change to log again.
    const restored = (this.lastReported?.rev ?? 0) >= desired.rev;
    if (!restored) this.deps.record(appliedEvent(this.name, desired, this.deps.now()));
  }

  /**
   * The names of the view's tiles sent without one, looked up here (a script's view carries keys
   * only): in the background, so the screen shows the view at once; once found, the wanted state is
   * the same revision with them, and the screen's window titles its tiles by them.
   */
  private nameTiles(desired: RoomDesired): void {
    const names = this.deps.names;
    if (!names || !('view' in desired)) return;
    const keys = [
      ...new Set(desired.view.tiles.filter((t) => !t.deviceName?.trim()).map((t) => t.deviceKey)),
    ];
    if (keys.length === 0) return;
    names(keys).then(
      (found) => {
        if (this.closed || this.wantedState !== desired || found.size === 0) return;
        const tiles = desired.view.tiles.map((t) => {
          const name = t.deviceName?.trim() ? undefined : found.get(t.deviceKey);
          return name ? { ...t, deviceName: name.slice(0, LIMITS.deviceName) } : t;
        });
        this.wantedState = { ...desired, view: { ...desired.view, tiles } };
        this.deps.onChange();
      },
      (error: unknown) =>
        this.deps.log.warn(`screen ${this.name}: device names not looked up: ${(error as Error).message}`),
    );
  }

  private async refuse(
    rev: number | null,
    { reason, reasonCode, reasonParams }: Refusal,
    counts: boolean,
    id: string | null = null,
  ): Promise<void> {
    if (counts && rev !== null && rev > this.highest) {
      this.highest = rev;
      this.highestId = id;
    }
    this.deps.log.warn(
      `screen ${this.name} refused ${rev === null ? 'a message' : `revision ${rev}`}: ${reason}`,
    );
    // The same refusal coming back after a restart was logged and said already.
    const said = this.lastReported?.rejected;
    const again = said !== undefined && said.rev === rev && said.reason === reason;
    // The code beside the words: a console words it in its operator's language.
    this.rejection = { rev, reason, reasonCode, reasonParams };
    this.deps.onChange();
    if (again) return;
    this.deps.record(refusedEvent(this.name, rev, reason, this.deps.now()));
    const base = this.lastReported ?? { rev: 0, shows: { kind: 'none' as const }, tiles: [] };
    await this.say({ rev: base.rev, shows: base.shows, tiles: base.tiles });
  }

  /** Publish what the screen shows with its standing refusal; held while away, skipped when unchanged. */
  private async say(shown: Pick<RoomReported, 'rev' | 'shows' | 'tiles'>): Promise<{ published: boolean }> {
    const report: RoomReported = {
      rev: shown.rev,
      shows: shown.shows,
      tiles: shown.tiles,
      ...(this.rejection && { rejected: this.rejection }),
      version: this.deps.version,
      pc: this.deps.pc,
      at: new Date(this.deps.now()).toISOString(),
    };
    const key = reportKey(report);
    if (key === this.lastSentKey) return { published: false };
    if (this.closed || this.deps.link.state !== 'online') {
      this.unsent = report;
      return { published: false };
    }
    this.unsent = null;
    return { published: await this.publishReport(report) };
  }

  private async publishReport(report: RoomReported): Promise<boolean> {
    const key = reportKey(report);
    this.lastSentKey = key;
    this.lastReported = report;
    try {
      await this.deps.link.publish(
        screenTopic(this.deps.root, this.name, 'reported'),
        JSON.stringify(report),
        {
          retain: true,
        },
      );
      return true;
    } catch (error) {
      // Not on the broker: say it again when it is back.
      if (this.lastSentKey === key) this.lastSentKey = null;
      if (!this.closed) this.unsent ??= report;
      this.deps.log.warn(`screen ${this.name}: the report was not published: ${(error as Error).message}`);
      return false;
    }
  }

  /** Messages of one screen are handled one at a time, in the order they came. */
  private serially(task: () => Promise<void>): void {
    this.work = this.work
      .then(task)
      .catch((error: unknown) => this.deps.log.warn(`screen ${this.name}: ${(error as Error).message}`));
  }
}

const identity = (d: RoomDesired) => `${d.rev}|${d.by}|${d.at}`;
const reportKey = (r: RoomReported) => JSON.stringify({ ...r, at: undefined });
const sameRejection = (a: Rejection, b: Rejection | null) =>
  b !== null && a.rev === b.rev && a.reason === b.reason;
