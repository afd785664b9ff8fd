import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../electron/core/core';
import { createLogger } from '../../../electron/core/logger';
import { PlatformHealth } from '../../../electron/core/platform-health';
import { createLiveMedia, type LiveMedia } from '../../../electron/demo-platform/media';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import type { PlatformStatus } from '../../../electron/shared/contract';
import { MemoryStore } from '../../fakes/memory-store';
import { TestCipher } from '../../fakes/test-cipher';

/** Whether the platform answers, from the core's own requests, against a real demo platform that is stopped and started. */
let platform: DemoPlatform;
let media: LiveMedia;
let port: number;
let core: Core;
const seen: PlatformStatus[] = [];

beforeAll(async () => {
  media = await createLiveMedia();
  platform = await startDemoPlatform({ media, log: () => undefined });
  port = Number(new URL(platform.baseUrl).port);
  core = await createCore({
    cipher: new TestCipher(),
    store: new MemoryStore(),
    logger: createLogger('core', { sink: () => undefined }),
    app: { shell: 'web' },
    platformProbeMs: 100,
    platformTimeoutMs: 2_000,
  });
  core.on('platform:changed', (s) => seen.push(s));
  const u = platform.credentials.user;
  const saved = await core.call('profiles:save', {
    id: 'site',
    name: 'Site',
    baseUrl: platform.baseUrl,
    credentialType: 'user',
    keys: { userKey: u.userKey, authKey: u.authKey },
    secrets: { authSecret: u.authSecret },
    select: true,
  });
  if (!saved.ok) throw new Error(saved.error.message);
});
afterAll(async () => {
  await platform?.close();
  await media?.close();
});

describe('the platform’s health', () => {
  it('stays reachable when one offline device’s stream address answers 503 while the platform answers the rest', async () => {
    const devices = await core.call('devices:list', {
      productKey: platform.data.products[0].productKey,
      pageSize: 3,
    });
    if (!devices.ok) throw new Error(devices.error.message);
    const [offline, fine] = devices.value.data.map((d) => d.deviceKey);
    media.faults.set(offline, { type: 'offline' });
    try {
      const before = seen.length;
      const refused = await core.call('streams:start', { profileId: 'site', deviceKey: offline });
      expect(refused).toMatchObject({ ok: false });
      expect((await core.call('streams:start', { profileId: 'site', deviceKey: fine })).ok).toBe(true);
      // The check of the doubt (one probe) has had time to answer; a retry of the same device too.
      await core.call('streams:start', { profileId: 'site', deviceKey: offline });
      await core.call('products:list', { pageSize: 1 });
      await new Promise((r) => setTimeout(r, 300));
      expect(seen.slice(before)).toEqual([]);
      expect(await core.call('platform:status', undefined)).toMatchObject({
        ok: true,
        value: { reachable: true },
      });
    } finally {
      media.faults.clear();
    }
  });

  it('goes unreachable when the platform process stops, probes, and is reachable again as soon as a new process answers', async () => {
    expect((await core.call('products:list', { pageSize: 1 })).ok).toBe(true);
    expect(await core.call('platform:status', undefined)).toMatchObject({
      ok: true,
      value: { reachable: true },
    });

    await platform.close();
    expect((await core.call('products:list', { pageSize: 1 })).ok).toBe(false);
    expect(seen.at(-1)).toMatchObject({
      profileId: 'site',
      reachable: false,
      reason: 'no connection to it',
      // Coded too, for the banner to word in the reader's language.
      reasonCode: 'noConnection',
    });
    expect(await core.call('platform:status', undefined)).toMatchObject({
      ok: true,
      value: { reachable: false },
    });

    // A new process on the same port (same seed, so the same login): the probe finds it by itself.
    platform = await startDemoPlatform({ port, media, log: () => undefined });
    await vi.waitFor(() => expect(seen.at(-1)).toMatchObject({ reachable: true }), {
      timeout: 5_000,
      interval: 50,
    });
    expect(seen.map((s) => s.reachable)).toEqual([false, true]);
  });

  it('keeps a platform that answers 503 (coming back slowly) unreachable until it really answers', async () => {
    platform.setDown(true);
    const before = seen.length;
    expect((await core.call('products:list', { pageSize: 1 })).ok).toBe(false);
    // A 503 is a doubt until the probe (answered 503 too) confirms it is the whole platform.
    await vi.waitFor(
      () =>
        expect(seen.at(-1)).toMatchObject({ reachable: false, reason: expect.stringContaining('HTTP 503') }),
      { timeout: 5_000, interval: 20 },
    );
    // Several probes answer 503: still down, and said only once.
    await new Promise((r) => setTimeout(r, 400));
    expect(seen.length).toBe(before + 1);
    platform.setDown(false);
    await vi.waitFor(() => expect(seen.at(-1)).toMatchObject({ reachable: true }), {
      timeout: 5_000,
      interval: 50,
    });
  });
});

describe('PlatformHealth alone', () => {
  it('counts any answer, even a refusal, as reachable, and only network, timeout and 502–504 as down', () => {
    const emitted: PlatformStatus[] = [];
    const health = new PlatformHealth({
      now: () => 0,
      emit: (s) => emitted.push(s),
      probe: async () => undefined,
      intervalMs: 60_000,
    });
    health.record('p', 'http://x:1', { ok: false, kind: 'auth', status: 401, message: 'no' });
    health.record('p', 'http://x:1', { ok: false, kind: 'server', status: 500, message: 'bug' });
    expect(emitted).toEqual([]);
    health.record('p', 'http://x:1', { ok: false, kind: 'network', message: 'gone' });
    health.record('p', 'http://x:1', { ok: false, kind: 'timeout', message: 'slow' });
    expect(emitted.map((s) => s.reachable)).toEqual([false]);
    health.record('p', 'http://x:1', { ok: false, kind: 'not-found', status: 404, message: 'there' });
    expect(emitted.map((s) => s.reachable)).toEqual([false, true]);
    health.stop();
  });
});

describe('a doubt (a timeout or 502–504) is checked with one probe before the platform is called down', () => {
  const make = (probe: () => Promise<void>) => {
    const emitted: PlatformStatus[] = [];
    const health = new PlatformHealth({
      now: () => 0,
      emit: (s) => emitted.push(s),
      probe,
      intervalMs: 60_000,
    });
    return { health, emitted };
  };
  const unavailable = { ok: false as const, kind: 'server' as const, status: 503, message: 'offline' };

  it('a probe that answers clears it: nothing is said', async () => {
    let probes = 0;
    const { health, emitted } = make(async () => {
      probes += 1;
    });
    health.record('p', 'http://x:1', unavailable);
    health.record('p', 'http://x:1', unavailable);
    await vi.waitFor(() => expect(probes).toBe(1), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 10));
    expect(emitted).toEqual([]);
    expect(health.status('p').reachable).toBe(true);
    health.stop();
  });

  it('a probe that fails the same way confirms it: unreachable, once, with the first failure’s reason', async () => {
    const { health, emitted } = make(() =>
      Promise.reject(Object.assign(new Error('down'), { kind: 'server', status: 503 })),
    );
    health.record('p', 'http://x:1', unavailable);
    await vi.waitFor(() => expect(emitted).toHaveLength(1), { timeout: 10_000 });
    expect(emitted[0]).toMatchObject({
      reachable: false,
      reason: expect.stringContaining('HTTP 503'),
      reasonCode: 'status',
      reasonStatus: 503,
    });
    health.stop();
  });

  it('a call that succeeds while the probe runs clears it too', async () => {
    let fail: (e: unknown) => void = () => undefined;
    const { health, emitted } = make(() => new Promise<void>((_, reject) => (fail = reject)));
    health.record('p', 'http://x:1', unavailable);
    health.record('p', 'http://x:1', { ok: true });
    fail(Object.assign(new Error('down'), { kind: 'timeout' }));
    await new Promise((r) => setTimeout(r, 10));
    expect(emitted).toEqual([]);
    health.stop();
  });
});
