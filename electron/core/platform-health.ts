import type { PlatformStatus } from '../shared/contract';
import type { RequestOutcome } from './platform-client';

/**
 * What one failed request says about the whole platform: `down` (no connection to it at all), `maybe`
 * (a timeout or a 502–504: the platform, or only what one call reached behind it, such as one offline
 * device's stream address), or nothing (any other answer: the platform is there).
 */
function verdict(outcome: RequestOutcome): 'down' | 'maybe' | null {
  if (outcome.ok) return null;
  if (outcome.kind === 'network') return 'down';
  if (outcome.kind === 'timeout') return 'maybe';
  return outcome.status !== undefined && outcome.status >= 502 && outcome.status <= 504 ? 'maybe' : null;
}

/** Why a failed probe means the platform is down too (it did not answer, or answered 502–504). */
function probeFailedDown(error: unknown): boolean {
  if (!error || typeof error !== 'object') return true;
  const { kind, status } = error as { kind?: unknown; status?: unknown };
  if (kind === 'network' || kind === 'timeout') return true;
  if (typeof status === 'number') return status >= 502 && status <= 504;
  // Not a platform error (the profile is gone, the vault is locked): nothing to say about the platform.
  return false;
}

const PROBE_INTERVAL_MS = 2_000;

/**
 * Whether each profile's platform answers, from the core's own requests, and a probe while it does not.
 *
 * Every request's outcome is recorded. No connection at all marks the platform unreachable at once,
 * says so (`platform:changed`), and starts a cheap probe every 2 s; the first answer of any kind (even a
 * 4xx: the platform is there) marks it reachable again and says so, so the wall can retry every tile at
 * once instead of waiting out each tile's backoff. A platform that comes back slowly (answering 503 at
 * first) stays unreachable until it really answers.
 *
 * A timeout or a 502–504 is only a doubt: one offline device's stream address answers 503 while the
 * platform serves everything else. So it is checked with one probe at once; only when the probe fails
 * the same way is the platform unreachable. Any call that succeeds meanwhile clears the doubt.
 */
export class PlatformHealth {
  private readonly states = new Map<string, PlatformStatus>();
  private readonly probes = new Map<string, ReturnType<typeof setTimeout>>();
  /** Profiles with a doubt being checked, and the failure that raised it. */
  private readonly doubts = new Map<string, { origin: string; reason?: Reason }>();

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
    const said = verdict(outcome);
    if (said === null) this.doubts.delete(profileId);
    if (said === 'maybe' && (was === undefined || was.reachable)) {
      this.doubt(profileId, origin, outcome);
      return;
    }
    const down = said !== null;
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
          ...(outcome.ok ? {} : reasonOf(outcome)),
        }
      : { profileId, reachable: true, since: this.deps.now(), origin };
    this.set(status);
  }

  /** Say the platform is unreachable (or reachable again), and probe while it is not. */
  private set(status: PlatformStatus): void {
    this.doubts.delete(status.profileId ?? '');
    this.states.set(status.profileId ?? '', status);
    this.deps.emit(status);
    if (!status.reachable) this.scheduleProbe(status.profileId ?? '');
    else this.stopProbe(status.profileId ?? '');
  }

  /** A timeout or 502–504 while the platform was fine: one probe now decides whether it is all of it. */
  private doubt(profileId: string, origin: string, outcome: RequestOutcome): void {
    if (this.doubts.has(profileId)) return;
    this.doubts.set(profileId, { origin, ...(!outcome.ok && { reason: reasonOf(outcome) }) });
    if (!this.states.has(profileId))
      this.states.set(profileId, { profileId, reachable: true, since: this.deps.now(), origin });
    void this.deps.probe(profileId).then(
      () => this.doubts.delete(profileId),
      (error: unknown) => {
        const doubt = this.doubts.get(profileId);
        // Cleared meanwhile (a call succeeded), or already said by a failure beyond doubt.
        if (!doubt || this.states.get(profileId)?.reachable === false) return;
        if (!probeFailedDown(error)) {
          this.doubts.delete(profileId);
          return;
        }
        this.set({
          profileId,
          reachable: false,
          since: this.deps.now(),
          origin: doubt.origin,
          ...doubt.reason,
        });
      },
    );
  }

  status(profileId: string | null): PlatformStatus {
    return (
      (profileId && this.states.get(profileId)) || { profileId, reachable: true, since: this.deps.now() }
    );
  }

  /** Stop every probe (tests, shutdown). */
  stop(): void {
    this.doubts.clear();
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

/** Why the platform is unreachable: in plain English words, and as a code the renderer words. */
type Reason = Pick<PlatformStatus, 'reason' | 'reasonCode' | 'reasonStatus'>;

function reasonOf(outcome: Extract<RequestOutcome, { ok: false }>): Reason {
  if (outcome.kind === 'timeout') return { reason: 'it does not answer in time', reasonCode: 'timeout' };
  if (outcome.status !== undefined)
    return {
      reason: `it answers HTTP ${outcome.status}: starting or overloaded`,
      reasonCode: 'status',
      reasonStatus: outcome.status,
    };
  return { reason: 'no connection to it', reasonCode: 'noConnection' };
}
