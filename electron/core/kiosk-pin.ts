import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { z } from 'zod';
import type { KeyValueStore } from './ports';

const PIN_KEY = 'kiosk-pin';

/** scrypt at N=2^15, r=8, p=1: ~50–100 ms a try here, 32 MiB of memory, so guessing 10^4 PINs offline is slow. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

const StoredPinSchema = z.object({
  algorithm: z.literal('scrypt'),
  N: z.number(),
  r: z.number(),
  p: z.number(),
  salt: z.string(),
  hash: z.string(),
});
type StoredPin = z.infer<typeof StoredPinSchema>;

function scrypt(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(secret, salt, 32, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * The admin PIN as a salted slow hash (never in clear), in the core's store.
 *
 * Checks run one at a time: each is ~32 MiB and tens of milliseconds of scrypt, so a burst of guesses
 * cannot run many at once (memory), and the throttle's count always sees the outcome of the one before.
 */
export class KioskPin {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly store: KeyValueStore) {}

  async isSet(): Promise<boolean> {
    return StoredPinSchema.safeParse(await this.store.get(PIN_KEY).catch(() => undefined)).success;
  }

  async set(pin: string): Promise<void> {
    const salt = randomBytes(16);
    const hash = await scrypt(pin, salt, PARAMS);
    const stored: StoredPin = {
      algorithm: 'scrypt',
      N: PARAMS.N,
      r: PARAMS.r,
      p: PARAMS.p,
      salt: salt.toString('base64'),
      hash: hash.toString('base64'),
    };
    await this.store.set(PIN_KEY, stored);
  }

  verify(pin: string): Promise<boolean> {
    const run = this.queue.then(() => this.check(pin));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async check(pin: string): Promise<boolean> {
    const parsed = StoredPinSchema.safeParse(await this.store.get(PIN_KEY).catch(() => undefined));
    if (!parsed.success) return false;
    const { N, r, p, salt, hash } = parsed.data;
    const expected = Buffer.from(hash, 'base64');
    const actual = await scrypt(pin, Buffer.from(salt, 'base64'), { N, r, p, maxmem: PARAMS.maxmem });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** What was stored, to put back if an import fails part-way. */
  async snapshot(): Promise<() => Promise<void>> {
    const before = await this.store.get(PIN_KEY).catch(() => undefined);
    return () => (before === undefined ? this.store.delete(PIN_KEY) : this.store.set(PIN_KEY, before));
  }
}

/** Tries before the first wait. */
export const FREE_PIN_TRIES = 3;
/** The wait after the free tries; it doubles with each wrong PIN after, to PIN_LONGEST_WAIT_MS. */
const PIN_FIRST_WAIT_MS = 30_000;
const PIN_LONGEST_WAIT_MS = 15 * 60_000;

/**
 * A clock that never goes back, made from one that may: only its forward steps count.
 *
 * The core's clock is the computer's wall clock, which NTP or an administrator can set back (a
 * kiosk that just booted often is): measured on it, a 60 s wait read 117 s two seconds on. A step
 * back counts as no time; a step forward counts as it is (so a wait can end early by a clock set
 * forward, never last longer than it said).
 */
function monotonic(now: () => number): () => number {
  let last = now();
  let elapsed = 0;
  return () => {
    const reading = now();
    elapsed += Math.max(0, reading - last);
    last = reading;
    return elapsed;
  };
}

/**
 * Wrong PINs slow the next try: 3 free tries, then 30 s, doubling to 15 minutes at most, until a
 * right PIN. Kept in the core (whoever calls), in memory: a locked kiosk cannot be restarted by the
 * person at its keyboard. Waits are measured on a monotonic clock, so one only ever counts down.
 *
 * A try is counted when it is let in (`admit`), before its slow check, as a failure until it proves
 * right: counted after the check, a burst of parallel guesses would all pass the wait before the
 * first of them failed.
 */
export class PinThrottle {
  private failures = 0;
  private notBefore = 0;
  private readonly now: () => number;

  /**
   * `now`: any clock in ms (the core's); it is read through `monotonic`. `firstWaitMs`: the wait
   * after the free tries (30 s), doubling from there.
   */
  constructor(
    now: () => number,
    private readonly firstWaitMs = PIN_FIRST_WAIT_MS,
  ) {
    this.now = monotonic(now);
  }

  /** How long (ms) before the next try is taken, measured now; 0 when one is taken now. */
  retryAfterMs(): number {
    return Math.max(0, this.notBefore - this.now());
  }

  /**
   * Let a try in and count it, or say how long to wait (ms, > 0) without counting it. Synchronous on
   * purpose: nothing can run between the look at the wait and the count.
   */
  admit(): number {
    const wait = this.retryAfterMs();
    if (wait > 0) return wait;
    this.failed();
    return 0;
  }

  private failed(): void {
    this.failures += 1;
    if (this.failures >= FREE_PIN_TRIES)
      this.notBefore =
        this.now() + Math.min(PIN_LONGEST_WAIT_MS, this.firstWaitMs * 2 ** (this.failures - FREE_PIN_TRIES));
  }

  succeeded(): void {
    this.failures = 0;
    this.notBefore = 0;
  }
}
