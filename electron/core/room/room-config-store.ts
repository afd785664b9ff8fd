import { issueProblems, type CodedFieldProblem, type ErrorParams } from '../../shared/domain';
import {
  RoomConfigSchema,
  RoomConfigureInputSchema,
  type RoomConfig,
  type RoomConfigureInput,
  type RoomConfigView,
} from '../../shared/room';
import { roomIssueCode } from '../../shared/room-problems';
import {
  brokerBindingChange,
  brokerOrigin,
  brokerRebindWords,
  type BrokerRebindReason,
} from '../../shared/secret-binding';
import { CoreError, summarizeProblems } from '../core-error';
import type { KeyValueStore, NoticeSink, SecretCipher } from '../ports';
import { VersionedStore } from '../versioned-store';
import { hostedBrokerNeedsLogin } from './hosted-broker-address';
import { defaultRoomConfig } from './room-config-defaults';
import { RoomSecret, type SealedPassword } from './room-config-secret';

/** The room's settings with the broker password, as the core's room parts use them (never the renderer). */
export interface RoomCurrent {
  config: RoomConfig;
  /** The stored password, only when it is bound to the configured broker; else null. */
  password: string | null;
}

/** What to do with the stored password in a change. */
export type RoomPasswordChange =
  { kind: 'keep' } | { kind: 'clear' } | { kind: 'set'; password: string; acceptWeakStorage?: boolean };

/** Where the room's settings are kept (`room.json` in the data folder, like `settings.json`). */
const ROOM_CONFIG_KEY = 'room';

/**
 * The room's settings (profile-independent) and its broker password.
 *
 * The settings are one versioned document; the password is encrypted by the vault's cipher into its
 * own document (room-config-secret.ts), never into the settings, and bound to the broker it was
 * entered for: a change of the broker's address (scheme, host, port) with no password typed is refused,
 * so no caller can send the stored password to a broker of its choice. Listeners hear every change.
 */
export class RoomConfigStore {
  private readonly doc: VersionedStore<RoomConfig>;
  private readonly secret: RoomSecret;
  private readonly listeners = new Set<(current: RoomCurrent) => void>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(deps: { store: KeyValueStore; cipher: SecretCipher; onNotice: NoticeSink; hostName: string }) {
    this.doc = new VersionedStore({
      store: deps.store,
      key: ROOM_CONFIG_KEY,
      label: 'room settings',
      schema: RoomConfigSchema,
      migrations: [],
      initial: () => defaultRoomConfig(deps.hostName),
      onNotice: deps.onNotice,
    });
    this.secret = new RoomSecret(deps);
  }

  /** Load both documents now, so a broken file is reported at start-up. */
  async open(): Promise<void> {
    await Promise.all([this.doc.load(), this.secret.open()]);
  }

  config(): Promise<RoomConfig> {
    return this.doc.load();
  }

  /** What the renderer sees: the settings and whether a usable password is stored. */
  async view(): Promise<RoomConfigView> {
    const [config, binding] = await Promise.all([this.doc.load(), this.secret.binding()]);
    const usable = binding.stored && brokerBindingChange(config.brokerUrl, binding.boundTo) === undefined;
    return { ...config, hasPassword: usable };
  }

  /** The settings and the password (inside the core only: the room's link and the hosted broker). */
  async current(): Promise<RoomCurrent> {
    const config = await this.doc.load();
    const stored = await this.secret.reveal();
    // Never hand out a password for a broker it was not entered for, whatever the files say.
    const bound = stored !== null && brokerBindingChange(config.brokerUrl, stored.boundTo) === undefined;
    return { config, password: bound ? stored.password : null };
  }

  /** Every change of the settings or the password (after it is written). */
  onChange(listener: (current: RoomCurrent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** `room:configure`: the settings and, when typed, a new password (blank keeps the stored one). */
  async configure(raw: RoomConfigureInput & { acceptWeakStorage?: boolean }): Promise<RoomConfigView> {
    const parsed = RoomConfigureInputSchema.safeParse(raw);
    if (!parsed.success)
      throw refused(
        'The room settings were not saved',
        issueProblems(parsed.error.issues, { codeOf: roomIssueCode }),
      );
    const { password, clearPassword, ...rest } = parsed.data;
    const config = RoomConfigSchema.parse(rest);
    const change: RoomPasswordChange = clearPassword
      ? { kind: 'clear' }
      : password !== undefined && password !== ''
        ? { kind: 'set', password, acceptWeakStorage: raw.acceptWeakStorage === true }
        : { kind: 'keep' };
    await this.apply(config, change, 'The room settings were not saved');
    return this.view();
  }

  /**
   * Replace the settings and change the password in one step, checked first: refused as a whole
   * (CoreError 'invalid-input' with field problems) before anything is written.
   */
  apply(
    config: RoomConfig,
    change: RoomPasswordChange,
    refusal = 'The room settings were not saved',
  ): Promise<void> {
    const run = this.queue.then(async () => {
      const binding = await this.secret.binding();
      const problems = roomConfigProblems(config, change, binding);
      if (problems.length) throw refused(refusal, problems);
      const sealed: SealedPassword | null =
        change.kind === 'set'
          ? await this.secret.seal(change.password, change.acceptWeakStorage === true)
          : null;
      await this.doc.replace(config);
      if (sealed) await this.secret.store(sealed, brokerOrigin(config.brokerUrl));
      else if (change.kind === 'clear') await this.secret.clear();
    });
    this.queue = run.catch(() => undefined);
    return run.then(() => this.announce());
  }

  /** Put back the settings and the password as they were (undo of a failed provisioning import). */
  async snapshot(): Promise<() => Promise<void>> {
    const before = structuredClone(await this.doc.load());
    const undoSecret = await this.secret.snapshot();
    return async () => {
      await this.doc.replace(before);
      await undoSecret();
      await this.announce();
    };
  }

  /** Whether a password is stored and for which broker (for a provisioning file's vault marker). */
  passwordBinding(): Promise<{ stored: boolean; boundTo: string | null }> {
    return this.secret.binding();
  }

  private async announce(): Promise<void> {
    if (this.listeners.size === 0) return;
    let current: RoomCurrent;
    try {
      current = await this.current();
    } catch {
      // An unreadable password is reported by whoever asks for it; listeners hear nothing now.
      return;
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(current);
      } catch {
        // A listener's failure must not undo a saved change.
      }
    }
  }
}

/** Settings refused as a whole: the problems named in English, and coded for the renderer to word. */
function refused(refusal: string, problems: CodedFieldProblem[]): CoreError {
  return new CoreError('invalid-input', `${refusal}: ${summarizeProblems(problems)}`, problems, {
    code: 'input.invalid',
    params: { count: problems.length },
  });
}

/** Why the stored password cannot go to the broker now, coded by which side is this PC's own broker. */
function rebindProblem(why: BrokerRebindReason): CodedFieldProblem {
  const { from, to } = why;
  const coded: { code: string; params: ErrorParams } =
    from === null
      ? { code: 'room.problem.passwordRebindFromHosted', params: { to: to ?? '' } }
      : to === null
        ? { code: 'room.problem.passwordRebindToHosted', params: { from } }
        : { code: 'room.problem.passwordRebind', params: { from, to } };
  return {
    path: 'password',
    message: `the saved password cannot be used: ${brokerRebindWords(why)}`,
    ...coded,
  };
}

/**
 * What keeps settings from being saved, as field problems (coded, `errors:room.problem.*`): a password typed into the broker's address,
 * a stored password that would go to another broker, a hosted broker open to the network without a
 * login, a room with no broker at all, and two screens of one name.
 */
export function roomConfigProblems(
  config: RoomConfig,
  change: RoomPasswordChange,
  binding: { stored: boolean; boundTo: string | null },
): CodedFieldProblem[] {
  const problems: CodedFieldProblem[] = [];
  if (config.brokerUrl !== null) {
    const url = new URL(config.brokerUrl);
    if (url.username || url.password)
      problems.push({
        path: 'brokerUrl',
        message:
          'must not hold a username or password: type them in their own fields (the password is kept in the vault)',
        code: 'room.problem.brokerUrlUserInfo',
      });
  }
  if (change.kind === 'keep' && binding.stored) {
    const why = brokerBindingChange(config.brokerUrl, binding.boundTo);
    if (why) problems.push(rebindProblem(why));
  }
  const willHavePassword =
    change.kind === 'set' ||
    (change.kind === 'keep' &&
      binding.stored &&
      brokerBindingChange(config.brokerUrl, binding.boundTo) === undefined);
  if (
    config.hostedBroker.enabled &&
    hostedBrokerNeedsLogin(config.hostedBroker.host) &&
    (!config.username || !willHavePassword)
  )
    problems.push({
      path: 'hostedBroker.host',
      message:
        `the hosted broker listens on ${config.hostedBroker.host} (beyond this PC) only with a username and password: ` +
        'set both, or listen on 127.0.0.1',
      code: 'room.problem.hostNeedsLogin',
      params: { host: config.hostedBroker.host },
    });
  if (config.enabled && config.brokerUrl === null && !config.hostedBroker.enabled)
    problems.push({
      path: 'brokerUrl',
      message: 'the room needs a broker address, or this PC hosting the broker',
      code: 'room.problem.brokerUrlNeeded',
    });
  const seen = new Map<string, number>();
  config.screens.forEach((screen, i) => {
    const first = seen.get(screen.name.toLowerCase());
    if (first !== undefined)
      problems.push({
        path: `screens[${i}].name`,
        message: `"${screen.name}" is already the name of screen ${first + 1}`,
        code: 'room.problem.nameTaken',
        params: { name: screen.name, number: first + 1 },
      });
    else seen.set(screen.name.toLowerCase(), i);
  });
  return problems;
}
