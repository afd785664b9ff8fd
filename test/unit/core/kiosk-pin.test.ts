import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../../electron/core/core';
import { UNLOCK_MS } from '../../../electron/core/kiosk-lock';
import { FREE_PIN_TRIES } from '../../../electron/core/kiosk-pin';
import { createLogger } from '../../../electron/core/logger';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import type { KioskStatus } from '../../../electron/shared/contract';
import { ManualClock } from '../../fakes/manual-clock';
import { MemoryStore } from '../../fakes/memory-store';
import { TestCipher } from '../../fakes/test-cipher';

/** A locked kiosk with an admin PIN from its provisioning file: unlock, throttle, relock, quit rules. */
let platform: DemoPlatform;
let dir: string;
let file: string;
let store: MemoryStore;
let clock: ManualClock;
let core: Core;
let events: KioskStatus[];

beforeAll(async () => {
  platform = await startDemoPlatform({ log: () => undefined });
});
afterAll(async () => {
  await platform?.close();
});
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kiosk-pin-'));
  file = path.join(dir, 'kiosk.json');
  store = new MemoryStore();
  clock = new ManualClock();
  core = await createCore({
    cipher: new TestCipher(),
    store,
    clock,
    logger: createLogger('core', { sink: () => undefined }),
    app: { shell: 'web' },
  });
  events = [];
  core.on('kiosk:changed', (s) => events.push(s));
  const u = platform.credentials.user;
  await writeFile(
    file,
    JSON.stringify({
      version: 1,
      profiles: [
        { id: 'site', name: 'Site', baseUrl: platform.baseUrl, credentials: { type: 'user', ...u } },
      ],
      layouts: [{ id: 'wall', name: 'Wall', profile: 'site', grid: { columns: 2, rows: 2 }, tiles: [] }],
      kiosk: { enabled: true, startLayout: 'wall', locked: true, adminPin: '482913' },
    }),
  );
  await core.applyProvisioningFile(file);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const rename = () =>
  core.call('layouts:save', {
    id: 'wall',
    name: 'Renamed',
    profileId: 'site',
    grid: { columns: 2, rows: 2 },
    tiles: [],
  });
const unlock = (pin: string) => core.call('kiosk:unlock', { pin });

describe('the admin PIN', () => {
  it('is stored only as a salted scrypt hash, and the file keeps only the marker', async () => {
    const stored = (await store.get('kiosk-pin')) as Record<string, unknown>;
    expect(stored).toMatchObject({
      algorithm: 'scrypt',
      N: 32768,
      salt: expect.any(String),
      hash: expect.any(String),
    });
    expect(JSON.stringify(stored)).not.toContain('482913');
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('482913');
    expect(JSON.parse(text).kiosk.adminPin).toBe('<stored in the vault of this computer>');
    // The rewritten file imports again and keeps the PIN.
    await core.applyProvisioningFile(file);
    expect((await unlock('482913')).ok).toBe(true);
  });

  it('unlocks a locked kiosk for a while: changes pass, then it locks itself again', async () => {
    expect((await rename()).ok).toBe(false);
    const opened = await unlock('482913');
    expect(opened).toMatchObject({
      ok: true,
      value: { locked: true, pinSet: true, unlockedUntil: clock.now() + UNLOCK_MS },
    });
    expect(events.at(-1)?.unlockedUntil).toBe(clock.now() + UNLOCK_MS);
    expect((await rename()).ok).toBe(true);
    clock.advance(UNLOCK_MS);
    expect(await rename()).toMatchObject({ ok: false, error: { kind: 'locked' } });
  });

  it('locks again at once when the administrator says so', async () => {
    await unlock('482913');
    expect((await core.call('kiosk:lock', undefined)).ok).toBe(true);
    expect(await rename()).toMatchObject({ ok: false, error: { kind: 'locked' } });
  });

  it('slows guessing: 3 wrong PINs, then 30 s before the next try, doubling; a right PIN resets it', async () => {
    for (let i = 0; i < 2; i++)
      expect(await unlock('000000')).toMatchObject({ ok: false, error: { message: 'Wrong PIN.' } });
    expect(await unlock('000000')).toMatchObject({
      ok: false,
      error: { message: 'Wrong PIN. Try again in 30 s.' },
    });
    // Even the right PIN waits.
    expect(await unlock('482913')).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/Too many wrong PINs: try again in 30 s/) },
    });
    expect((await core.call('kiosk:status', undefined)) as unknown).toMatchObject({
      ok: true,
      value: { retryAfterMs: 30_000 },
    });
    clock.advance(30_000);
    expect(await unlock('111111')).toMatchObject({
      ok: false,
      error: { message: 'Wrong PIN. Try again in 60 s.' },
    });
    clock.advance(60_000);
    expect((await unlock('482913')).ok).toBe(true);
    expect(await unlock('000000')).toMatchObject({ ok: false, error: { message: 'Wrong PIN.' } });
  });

  it('waits the first wait the composition sets (pinFirstWaitMs), doubling from it', async () => {
    const shortened = await createCore({
      cipher: new TestCipher(),
      store: new MemoryStore(),
      clock,
      logger: createLogger('core', { sink: () => undefined }),
      app: { shell: 'web' },
      pinFirstWaitMs: 8_000,
    });
    const own = path.join(dir, 'kiosk-short.json');
    await writeFile(
      own,
      JSON.stringify({ version: 1, kiosk: { enabled: false, locked: true, adminPin: '482913' } }),
    );
    await shortened.applyProvisioningFile(own);
    const wrong = () => shortened.call('kiosk:unlock', { pin: '000000' });
    await wrong();
    await wrong();
    expect(await wrong()).toMatchObject({ ok: false, error: { message: 'Wrong PIN. Try again in 8 s.' } });
    clock.advance(8_000);
    expect(await wrong()).toMatchObject({ ok: false, error: { message: 'Wrong PIN. Try again in 16 s.' } });
  });

  it('measures the wait on a clock that never goes back: a clock set back 59 s does not make 30 s read 89 s', async () => {
    for (let i = 0; i < FREE_PIN_TRIES; i++) await unlock('000000');
    const left = async () => {
      const status = await core.call('kiosk:status', undefined);
      if (!status.ok) throw new Error(status.error.message);
      return status.value.retryAfterMs;
    };
    expect(await left()).toBe(30_000);
    clock.advance(2_000);
    expect(await left()).toBe(28_000);
    // NTP (or an administrator) sets the computer's clock back: the wait goes on counting down.
    clock.advance(-59_000);
    expect(await left()).toBe(28_000);
    clock.advance(2_000);
    expect(await left()).toBe(26_000);
    expect(await unlock('482913')).toMatchObject({
      ok: false,
      error: { message: 'Too many wrong PINs: try again in 26 s.' },
    });
    clock.advance(26_000);
    expect(await left()).toBe(0);
    expect((await unlock('482913')).ok).toBe(true);
  });

  it('sends the wait as it stands with every refusal, so the screen never reads it out of a message', async () => {
    for (let i = 0; i < FREE_PIN_TRIES; i++) await unlock('000000');
    expect(events.at(-1)?.retryAfterMs).toBe(30_000);
    clock.advance(12_000);
    const before = events.length;
    expect((await unlock('482913')).ok).toBe(false);
    expect(events.length).toBe(before + 1);
    expect(events.at(-1)).toMatchObject({ locked: true, unlockedUntil: null, retryAfterMs: 18_000 });
  });

  it('holds under parallel guessing: the tries are counted before the slow check, one check at a time', async () => {
    const guesses = Array.from({ length: 200 }, (_, i) => String(100000 + i));
    // The right PIN last, fired in the same burst as the wrong ones.
    const answers = await Promise.all([...guesses, '482913'].map((pin) => unlock(pin)));
    const checked = answers.filter((a) => a.ok || /^Wrong PIN/.test(a.error.message));
    const refused = answers.filter(
      (a) => !a.ok && /^Too many wrong PINs: try again in 30 s/.test(a.error.message),
    );
    expect(checked.length).toBeLessThanOrEqual(FREE_PIN_TRIES);
    expect(refused.length).toBe(answers.length - checked.length);
    // The burst did not get the kiosk unlocked: the right PIN came after the free tries.
    expect(answers.at(-1)).toMatchObject({ ok: false, error: { kind: 'locked' } });
    expect(await rename()).toMatchObject({ ok: false, error: { kind: 'locked' } });
    // After the wait, the right PIN opens it.
    clock.advance(30_000);
    expect((await unlock('482913')).ok).toBe(true);
  });

  it('says plainly when no PIN is set', async () => {
    const bare = await createCore({
      cipher: new TestCipher(),
      store: new MemoryStore(),
      logger: createLogger('core', { sink: () => undefined }),
      app: { shell: 'web' },
    });
    expect(await bare.call('kiosk:unlock', { pin: '1234' })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('No admin PIN is set') },
    });
  });

  it('a file that keeps the PIN with the marker on a computer that has none is refused', async () => {
    const fresh = await createCore({
      cipher: new TestCipher(),
      store: new MemoryStore(),
      logger: createLogger('core', { sink: () => undefined }),
      app: { shell: 'web' },
    });
    const error = await fresh.applyProvisioningFile(file).then(
      () => undefined,
      (e: unknown) => e as { details?: { path: string }[] },
    );
    expect(error?.details?.map((d) => d.path)).toContain('$.kiosk.adminPin');
  });
});
