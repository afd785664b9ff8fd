import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../electron/shared/contract';
import type { Settings } from '../../../electron/shared/settings';
import type { ProfileView } from '../../../electron/shared/profile';
import { SseClient } from './sse-client';
import { startShellFixture, type ShellFixture } from './shell-fixture';

let f: ShellFixture;
beforeAll(async () => {
  f = await startShellFixture({ heartbeatMs: 100 });
});
afterAll(async () => {
  await f?.close();
});

const userProfile = {
  id: 'plant-a',
  name: 'Plant A',
  baseUrl: 'http://127.0.0.1:9',
  credentialType: 'user',
  keys: { userKey: 'u-1', authKey: 'a-1' },
  secrets: { authSecret: 's-1' },
};

describe('browser shell: the Api over HTTP', () => {
  it('runs a channel through the core and answers its Result as JSON (empty body = no input)', async () => {
    const info = await f.call<AppInfo>('app:info');
    expect(info.status).toBe(200);
    expect(info.result).toMatchObject({ ok: true, value: { shell: 'web', demoAvailable: false } });

    const saved = await f.call<ProfileView>('profiles:save', userProfile);
    expect(saved.result).toMatchObject({
      ok: true,
      value: { id: 'plant-a', secrets: { authSecret: { configured: true } } },
    });
    const listed = await f.call<ProfileView[]>('profiles:list');
    expect(listed.result.ok && listed.result.value.map((p) => p.id)).toEqual(['plant-a']);

    const set = await f.call<Settings>('settings:set', { statsOverlay: true });
    expect(set.result).toMatchObject({
      ok: true,
      value: { statsOverlay: true, selectedProfileId: 'plant-a' },
    });
    expect((await f.call<Settings>('settings:get')).result).toMatchObject({
      ok: true,
      value: { statsOverlay: true },
    });
  });

  it('answers invalid input with 400 and a typed invalid-input error naming each path', async () => {
    const bad = await f.call('profiles:save', { ...userProfile, baseUrl: 'ftp://x', keys: { userKey: 'u' } });
    expect(bad.status).toBe(400);
    expect(bad.result.ok).toBe(false);
    if (bad.result.ok) return;
    expect(bad.result.error.kind).toBe('invalid-input');
    expect(bad.result.error.details?.map((d) => d.path)).toEqual(
      expect.arrayContaining(['baseUrl', 'keys.authKey']),
    );

    // A channel that takes nothing refuses something.
    const extra = await f.call('profiles:list', { surprise: true });
    expect(extra.result).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });

  it('refuses what is not a call at the transport level (4xx, still a Result)', async () => {
    const auth = { authorization: `Bearer ${f.shell.token}` };
    const cases = [
      { path: '/api/no:such', method: 'POST', headers: auth, status: 404 },
      { path: '/api/__proto__', method: 'POST', headers: auth, status: 404 },
      { path: '/api/profiles:list', method: 'GET', headers: auth, status: 405 },
      { path: '/api/events', method: 'POST', headers: auth, status: 405 },
      {
        path: '/api/settings:set',
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{"statsOverlay":',
        status: 400,
      },
      {
        path: '/api/settings:set',
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/plain' },
        body: '{"statsOverlay":true}',
        status: 415,
      },
      {
        path: '/api/provisioning:import',
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'x'.repeat(5 * 1024 * 1024) }),
        status: 413,
      },
    ];
    for (const c of cases) {
      const res = await f.request(c.path, c);
      expect(res.status, `${c.method} ${c.path}`).toBe(c.status);
      expect(JSON.parse(res.text)).toMatchObject({ ok: false, error: { message: expect.any(String) } });
    }
  });
});

describe('browser shell: push events over SSE', () => {
  it('delivers the core events as `event: <name>` with JSON data, with heartbeats', async () => {
    const sse = await SseClient.open(f.shell.port, { authorization: `Bearer ${f.shell.token}` });
    try {
      expect(sse.status).toBe(200);
      expect(sse.contentType).toContain('text/event-stream');
      await f.call('profiles:save', { ...userProfile, id: 'plant-b', name: 'Plant B' });
      await sse.until(() => sse.events.some((e) => e.event === 'profiles:changed'));
      const changed = sse.events.find((e) => e.event === 'profiles:changed')!;
      const payload = JSON.parse(changed.data) as { profiles: ProfileView[] };
      expect(payload.profiles.map((p) => p.id)).toContain('plant-b');
      await sse.until(() => sse.comments.includes('heartbeat'));
    } finally {
      sse.close();
    }
  });

  it('signs in the stream with the session cookie as well', async () => {
    const first = await f.request(`/?token=${f.shell.token}`);
    const cookie = (first.headers['set-cookie'] ?? [])[0].split(';')[0];
    const sse = await SseClient.open(f.shell.port, { cookie });
    try {
      await f.call('settings:set', { statsOverlay: false });
      await sse.until(() => sse.events.some((e) => e.event === 'settings:changed'));
    } finally {
      sse.close();
    }
  });
});
