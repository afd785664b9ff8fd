import type { OperatorEventInput } from '../../shared/contract/operator-log';
import {
  ROOM_MESSAGE_MAX_BYTES,
  type RoomCommand,
  type RoomConfig,
  type RoomReportInput,
  type RoomStatus,
} from '../../shared/room';
import { CoreError } from '../core-error';
import type { Logger } from '../logger';
import type { LocalFacts } from './desired-check';
import { sendCommand } from './room-commands';
import { brokerUrlOf, ConnectionWatch } from './room-connection';
import type { LinkReason, OpenRoomLink, RoomLink } from './room-link';
import { RoomRoster } from './room-roster';
import { ScreenAgent } from './screen-agent';

/** The room's settings as the service reads them (RoomConfigStore gives them). */
export interface RoomSettingsSource {
  /** The settings, and the broker's password from the vault (null when none is stored for that broker). */
  current(): Promise<{ config: RoomConfig; password: string | null }>;
  onChange(listener: () => void): () => void;
}

export interface RoomServiceDeps {
  settings: RoomSettingsSource;
  openLink: OpenRoomLink;
  facts: LocalFacts;
  /** The app's version, said in every screen's report. */
  version: string;
  now: () => number;
  log: Logger;
  /** `room:changed`. */
  emit: (status: RoomStatus) => void;
  /** One operator-log entry (a remote change on a screen of this PC, or a refused command). */
  record: (event: OperatorEventInput) => void;
  /** Where this PC's hosted broker listens, when it hosts one. */
  hosting?: () => { host: string; port: number } | null;
  /** At most one `room:changed` per this many ms (100 by default). */
  changedEveryMs?: number;
  /** Device names for keys (the core's name lookup), for the tiles of a view sent without them. */
  names?: (keys: readonly string[]) => Promise<ReadonlyMap<string, string>>;
}

interface Session {
  config: RoomConfig;
  console: RoomLink;
  roster: RoomRoster;
  agents: Map<string, ScreenAgent>;
  /** Resolves once the console's subscription is in place (its retained messages on their way). */
  synced: Promise<void>;
  stops: (() => void)[];
}

/** Why the room is off on this PC (the status bar's reason), coded as the link's reasons are. */
const OFF = {
  stopped: { message: 'the room is off', code: 'room.off.stopped' },
  disabled: { message: 'the room is off in Settings', code: 'room.off.disabled' },
  noBroker: { message: 'no broker address is set', code: 'room.off.noBroker' },
} satisfies Record<string, LinkReason>;

/** How long a command waits for a console that never connected yet before it is queued as is. */
const FIRST_SYNC_WAIT_MS = 5_000;

/**
 * The room on this PC: its screens (one ScreenAgent each, with its own link and last will) and the
 * console's view of every screen (one more link on `<root>/screens/+/+`). Started from the room's
 * settings, restarted when they change, closed cleanly when the core stops. `room:status` reads it,
 * `room:changed` announces it (coalesced), `room:send` and `room:report` act through it.
 */
export class RoomService {
  private session: Session | null = null;
  private config: RoomConfig | null = null;
  private offReason: LinkReason | null = OFF.stopped;
  private readonly connection: ConnectionWatch;
  private chain: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the last `room:changed` went out (monotonic ms). */
  private lastChangedAt = Number.NEGATIVE_INFINITY;
  private stopWatching: (() => void) | null = null;
  private closed = false;

  constructor(private readonly deps: RoomServiceDeps) {
    this.connection = new ConnectionWatch(deps.now);
  }

  /** Read the settings and join the room if it is on; follow every change of the settings. */
  async start(): Promise<void> {
    this.stopWatching ??= this.deps.settings.onChange(() => void this.restart());
    await this.restart();
  }

  /** Leave the room and join it again with the settings as they are now. */
  restart(): Promise<void> {
    const run = this.chain.then(async () => {
      if (this.closed) return;
      const wasOn = this.session !== null;
      await this.leave();
      try {
        const { config, password } = await this.deps.settings.current();
        await this.join(config, password);
        // Off before and off still (a core started with the room off): nothing to announce.
        if (wasOn || this.session !== null) this.changed();
      } catch (error) {
        // An unreadable password (another machine's key): off, and the status bar says why.
        const { code, params } = error as { code?: unknown; params?: LinkReason['params'] };
        this.offReason = {
          message: (error as Error).message,
          ...(typeof code === 'string' && { code, ...(params && { params }) }),
        };
        this.changed();
        throw error;
      }
    });
    this.chain = run.catch((error: unknown) =>
      this.deps.log.warn(`restart failed: ${(error as Error).message}`),
    );
    return this.chain;
  }

  /** Leave the room for good (the core stops): every screen says offline, every link closes. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopWatching?.();
    await this.chain;
    await this.leave();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  status(): RoomStatus {
    const session = this.session;
    const { reason, ...summary } = this.connection.summary(this.offReason);
    const local = new Map(
      [...(session?.agents.values() ?? [])].map((a) => [a.name, { desired: a.wanted, reported: a.reported }]),
    );
    return {
      connection: {
        ...summary,
        reason: reason?.message ?? null,
        ...(reason?.code !== undefined && { reasonCode: reason.code }),
        ...(reason?.params !== undefined && { reasonParams: reason.params }),
        hosting: this.deps.hosting?.() ?? null,
      },
      pcName: this.config?.pcName ?? 'this-pc',
      screens: session ? session.roster.list(local) : [],
    };
  }

  async send(screen: string, command: RoomCommand): Promise<{ rev: number; queued: boolean }> {
    const session = this.session;
    if (!session)
      throw new CoreError(
        'not-configured',
        `The control room is off on this PC (${this.offReason?.message ?? 'not set up'}).`,
        undefined,
        // Why it is off is the status bar's (worded from its own code there).
        { code: 'room.notOn' },
      );
    // Numbered from what the broker holds: wait (a little) for its retained messages on a first connect.
    await Promise.race([
      session.synced,
      new Promise((resolve) => setTimeout(resolve, FIRST_SYNC_WAIT_MS).unref?.()),
    ]);
    const sent = await sendCommand(
      {
        link: session.console,
        roster: session.roster,
        root: session.config.root,
        pc: session.config.pcName,
        now: this.deps.now,
      },
      screen,
      command,
    );
    this.changed();
    return sent;
  }

  async report(input: RoomReportInput): Promise<{ published: boolean }> {
    const session = this.session;
    if (!session) return { published: false };
    const agent = session.agents.get(input.screen);
    if (!agent)
      throw new CoreError(
        'invalid-input',
        `"${input.screen}" is not a screen of this PC (its screens: ${[...session.agents.keys()].join(', ')}).`,
        [{ path: 'screen', message: 'not a screen of this PC', code: 'room.problem.notThisPc' }],
        {
          code: 'room.notThisPc',
          params: { screen: input.screen, screens: [...session.agents.keys()].join(', ') },
        },
      );
    return agent.report(input);
  }

  /** Say the status again (the hosted broker started or stopped: `connection.hosting`). */
  announce(): void {
    this.changed();
  }

  /**
   * `room:changed`, with the status as it is when it goes: at once when none went out within the
   * interval (a screen learns of a new view without waiting), else once at the interval's end, so a
   * burst of changes is at most one event per interval.
   */
  private changed(): void {
    if (this.timer || this.closed) return;
    const wait = this.lastChangedAt + (this.deps.changedEveryMs ?? 100) - performance.now();
    if (wait <= 0) return this.emitChanged();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.emitChanged();
    }, wait);
  }

  private emitChanged(): void {
    this.lastChangedAt = performance.now();
    this.deps.emit(this.status());
  }

  private async join(config: RoomConfig, password: string | null): Promise<void> {
    this.config = config;
    if (!config.enabled) {
      this.offReason = OFF.disabled;
      return;
    }
    const url = brokerUrlOf(config, this.deps.hosting?.() ?? null);
    if (!url) {
      this.offReason = OFF.noBroker;
      return;
    }
    this.offReason = null;
    const { openLink, log, now } = this.deps;
    const open = (clientId: string, will?: ReturnType<typeof ScreenAgent.will>) =>
      openLink({
        url,
        clientId,
        username: config.username,
        password,
        maxMessageBytes: ROOM_MESSAGE_MAX_BYTES,
        ...(will && { will }),
      });
    const changed = () => this.changed();
    const stops: (() => void)[] = [];

    const roster = new RoomRoster(config.root, log.child('roster'), now);
    const consoleLink = open(`${config.pcName}-console`);
    stops.push(
      this.connection.watch(consoleLink, changed),
      consoleLink.onMessage(
        (topic, payload, retained) => roster.ingest(topic, payload, retained) && changed(),
      ),
      consoleLink.onDropped?.((topic, bytes, retained) => roster.ingest(topic, bytes, retained)) ??
        (() => {}),
    );
    const synced = consoleLink.subscribe(`${config.root}/screens/+/+`).catch((error: unknown) => {
      log.warn(`the console could not subscribe to the room: ${(error as Error).message}`);
    });

    const agents = new Map<string, ScreenAgent>();
    const screens = config.screens.length > 0 ? config.screens : [{ name: config.pcName }];
    for (const { name } of screens) {
      const link = open(
        `${config.pcName}-${name}`,
        ScreenAgent.will(config.root, name, config.pcName, now()),
      );
      stops.push(this.connection.watch(link, changed));
      const agent = new ScreenAgent({
        link,
        root: config.root,
        screen: name,
        pc: config.pcName,
        version: this.deps.version,
        now,
        facts: this.deps.facts,
        onChange: changed,
        record: this.deps.record,
        log: log.child(`screen:${name}`),
        ...(this.deps.names && { names: this.deps.names }),
      });
      agents.set(name, agent);
      agent.start();
    }
    this.session = { config, console: consoleLink, roster, agents, synced, stops };
    log.info(
      `joined the room at ${describeUrl(url)} as ${config.pcName} with screen(s) ${[...agents.keys()].join(', ')}`,
    );
  }

  private async leave(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.session = null;
    session.stops.forEach((stop) => stop());
    await Promise.all([...session.agents.values()].map((agent) => agent.close()));
    await session.console.close();
    this.offReason = OFF.stopped;
  }
}

/** The broker's address without any user info (a password typed into the URL stays out of the log). */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'the broker';
  }
}
