import type { PlatformStatus } from '../shared/contract';
import type { RequestOutcome } from './platform-client';

/** Kinds of failure that mean "the platform did not answer", not "it answered no". */
const DOWN_KINDS = new Set(['network', 'timeout']);

/** A 502/503/504 is a platform that is up in front but not behind: as good as down, and coming back. */
function meansDown(outcome: RequestOutcome): boolean {
  if (outcome.ok) return false;
  return (
    DOWN_KINDS.has(outcome.kind) ||
    (outcome.status !== undefined && outcome.status >= 502 && outcome.status <= 504)
  );
}

export const PROBE_INTERVAL_MS = 2_000;

/**
 * Whether each profile's platform answers, from the core's own requests, and a probe while it does not.
 *
 * Every request's outcome is recorded. The first "did not answer" (network, timeout, 502–504) marks the
 * platform unreachable, says so (`platform:status`), and starts a cheap probe every 2 s; the first
 * answer of any kind (even a 4xx: the platform is there) marks it reachable again and says so, so the
 * wall can retry every tile at once instead of waiting out each tile's backoff. A platform that comes
 * back slowly (answering 503 at first) stays unreachable until it really answers.
 */
export class PlatformHealth {
  private readonly states = new Map<string, PlatformStatus>();
  private readonly probes = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly deps: {
      now: () => number;
      emit: (status: PlatformStatus) => void;
      /** One cheap request to the profile's platform; its outcome comes back through record(). */
      probe: (profileId: string) => Promise<void>;
      intervalMs?: number;
    },
  ) {}

  record(profileId: string, origin: string, outcome: RequestOutcome): void {
    const was = this.states.get(profileId);
    const down = meansDown(outcome);
    if (!down && (was === undefined || was.reachable)) {
      if (was === undefined)
        this.states.set(profileId, { profileId, reachable: true, since: this.deps.now(), origin });
      return;
    }
    if (down && was && !was.reachable) return;
    const status: PlatformStatus = down
      ? {
          profileId,
          reachable: false,
          since: this.deps.now(),
          origin,
          reason: outcome.ok ? undefined : plain(outcome),
        }
      : { profileId, reachable: true, since: this.deps.now(), origin };
    this.states.set(profileId, status);
    this.deps.emit(status);
    if (down) this.scheduleProbe(profileId);
    else this.stopProbe(profileId);
  }

  status(profileId: string | null): PlatformStatus {
    return (
      (profileId && this.states.get(profileId)) || { profileId, reachable: true, since: this.deps.now() }
    );
  }

  /** Stop every probe (tests, shutdown). */
  stop(): void {
    for (const id of [...this.probes.keys()]) this.stopProbe(id);
  }

  private scheduleProbe(profileId: string): void {
    if (this.probes.has(profileId)) return;
    const timer = setTimeout(() => {
      this.probes.delete(profileId);
      if (this.states.get(profileId)?.reachable !== false) return;
      void this.deps
        .probe(profileId)
        .catch(() => undefined)
        .finally(() => {
          if (this.states.get(profileId)?.reachable === false) this.scheduleProbe(profileId);
        });
    }, this.deps.intervalMs ?? PROBE_INTERVAL_MS);
    timer.unref?.();
    this.probes.set(profileId, timer);
  }

  private stopProbe(profileId: string): void {
    const timer = this.probes.get(profileId);
    if (timer) clearTimeout(timer);
    this.probes.delete(profileId);
  }
}

function plain(outcome: Extract<RequestOutcome, { ok: false }>): string {
  if (outcome.kind === 'timeout') return 'it does not answer in time';
  if (outcome.status !== undefined) return `it answers HTTP ${outcome.status}: starting or overloaded`;
  return 'no connection to it';
}
