import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../../electron/core/core';
import { createLogger } from '../../../electron/core/logger';
import { PlatformHealth } from '../../../electron/core/platform-health';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import type { PlatformStatus } from '../../../electron/shared/contract';
import { MemoryStore } from '../../fakes/memory-store';
import { TestCipher } from '../../fakes/test-cipher';

/** Whether the platform answers, from the core's own requests, against a real demo platform that is stopped and started. */
let platform: DemoPlatform;
let port: number;
let core: Core;
const seen: PlatformStatus[] = [];

beforeAll(async () => {
  platform = await startDemoPlatform({ log: () => undefined });
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
});

describe('the platform’s health', () => {
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
    });
    expect(await core.call('platform:status', undefined)).toMatchObject({
      ok: true,
      value: { reachable: false },
    });

    // A new process on the same port (same seed, so the same login): the probe finds it by itself.
    platform = await startDemoPlatform({ port, log: () => undefined });
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
    expect(seen.at(-1)).toMatchObject({ reachable: false, reason: expect.stringContaining('HTTP 503') });
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
    health.record('p', 'http://x:1', { ok: false, kind: 'timeout', message: 'slow' });
    health.record('p', 'http://x:1', { ok: false, kind: 'network', message: 'gone' });
    expect(emitted.map((s) => s.reachable)).toEqual([false]);
    health.record('p', 'http://x:1', { ok: false, kind: 'not-found', status: 404, message: 'there' });
    expect(emitted.map((s) => s.reachable)).toEqual([false, true]);
    health.stop();
  });
});
