import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import { CHANNELS, type Channel } from '../../../electron/shared/contract';
import { SseClient } from './sse-client';
import { startShellFixture, type RawResponse, type ShellFixture } from './shell-fixture';

/** Recognisable secrets: if any of these shows up anywhere a browser can read, a secret leaked. */
const CANARY = {
  user: 'CANARY-user-authSecret-7f3a9c',
  product: 'CANARY-product-querySecret-7f3a9c',
  device: 'CANARY-device-queryToken-7f3a9c',
  project: 'CANARY-project-authSecret-7f3a9c',
  draft: 'CANARY-draft-authSecret-7f3a9c',
  provisioned: 'CANARY-provisioned-authSecret-7f3a9c',
  refused: 'CANARY-refused-authSecret-7f3a9c',
  stray: 'CANARY-stray-secret-7f3a9c',
  broker: 'CANARY-broker-password-7f3a9c',
};
const CANARIES = Object.values(CANARY);

let demo: DemoPlatform;
let f: ShellFixture;
let sse: SseClient;
const seen: { what: string; res: RawResponse }[] = [];
const called = new Set<Channel>();

async function call(channel: Channel, input?: unknown): Promise<unknown> {
  called.add(channel);
  const res = await f.request(`/api/${channel}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${f.shell.token}`,
      origin: f.shell.origin,
      ...(input !== undefined && { 'content-type': 'application/json' }),
    },
    ...(input !== undefined && { body: JSON.stringify(input) }),
  });
  seen.push({ what: `${channel} ${JSON.stringify(input)?.slice(0, 80)}`, res });
  const answer = JSON.parse(res.text) as { ok: boolean; error?: { kind: string } };
  // Refused input is HTTP 400, everything else that reached its handler 200.
  expect(res.status, channel).toBe(answer.ok || answer.error?.kind !== 'invalid-input' ? 200 : 400);
  return answer;
}

beforeAll(async () => {
  demo = await startDemoPlatform({ log: () => undefined });
  f = await startShellFixture({ demoPlatform: demo });
  sse = await SseClient.open(f.shell.port, { authorization: `Bearer ${f.shell.token}` });
});
afterAll(async () => {
  sse?.close();
  await f?.close();
  await demo?.close();
});

describe('browser shell: no secret ever leaves through HTTP (canary)', () => {
  it('drives every channel with canary secrets and finds none in any body, header, event or log', async () => {
    const base = demo.baseUrl;
    const profiles = [
      {
        id: 'c-user',
        credentialType: 'user',
        placement: 'query',
        keys: { userKey: 'u', authKey: 'a' },
        secrets: { authSecret: CANARY.user },
      },
      {
        id: 'c-product',
        credentialType: 'product',
        placement: 'headers',
        keys: { productKey: 'p', queryKey: 'q' },
        secrets: { querySecret: CANARY.product },
      },
      {
        id: 'c-device',
        credentialType: 'device',
        placement: 'query',
        keys: { deviceKey: 'd' },
        secrets: { queryToken: CANARY.device },
      },
      {
        id: 'c-project',
        credentialType: 'project',
        placement: 'headers',
        keys: { projectKey: 'pk', projectAuthKey: 'pa' },
        secrets: { projectAuthSecret: CANARY.project },
      },
    ];
    for (const p of profiles)
      expect(await call('profiles:save', { ...p, name: p.id, baseUrl: base })).toMatchObject({ ok: true });
    // A secret under a name its type does not have is refused, without being repeated.
    expect(
      await call('profiles:save', {
        ...profiles[0],
        id: 'c-stray',
        name: 'stray',
        baseUrl: base,
        secrets: { querySecret: CANARY.stray },
      }),
    ).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });

    await call('profiles:list');
    await call('profiles:select', { id: 'c-user' });
    for (const p of profiles) await call('profiles:test', { id: p.id });
    await call('profiles:test', {
      draft: {
        name: 'draft',
        baseUrl: base,
        credentialType: 'user',
        keys: { userKey: 'u', authKey: 'a' },
        secrets: { authSecret: CANARY.draft },
      },
    });
    await call('products:list', { profileId: 'c-user' });
    await call('devices:list', { profileId: 'c-product' });
    await call('streams:start', { profileId: 'c-device', deviceKey: 'd' });
    await call('templates:create', {
      profileId: 'c-project',
      template: {
        name: 'Canary',
        desc: 'd',
        parameters: [{ dataType: 'STRING', identifier: 'label', name: 'Label', map: { max: '20' } }],
      },
    });
    await call('templates:history', { profileId: 'c-project' });
    const layout = (await call('layouts:save', {
      name: 'Canary wall',
      profileId: 'c-user',
      grid: { columns: 1, rows: 1 },
      tiles: [{ deviceKey: 'd' }],
    })) as { ok: boolean; value: { id: string } };
    expect(layout.ok).toBe(true);
    await call('layouts:list');
    // Saved views and tours, and their export (which must carry no secret of any profile) and import.
    await call('layouts:rename', { id: layout.value.id, name: 'Canary wall renamed' });
    await call('layouts:duplicate', { id: layout.value.id });
    await call('tours:save', {
      id: 'c-tour',
      name: 'Canary tour',
      kind: 'views',
      dwellSeconds: 5,
      views: [layout.value.id, layout.value.id],
    });
    await call('tours:list');
    const exported = (await call('views:export')) as { ok: boolean; value: { text: string } };
    expect(exported.ok).toBe(true);
    await call('views:import', { text: exported.value.text, onConflict: 'copy' });
    await call('views:import', { text: `{"format":"control-room-wall/views","x":"${CANARY.refused}",}` });
    await call('tours:remove', { id: 'c-tour' });
    await call('settings:get');
    await call('settings:set', { statsOverlay: true });
    await call('demo:start');
    await call('app:info');
    await call('app:diagnostics');
    await call('kiosk:status');
    await call('kiosk:unlock', { pin: CANARY.stray });
    await call('kiosk:lock');
    await call('platform:status');
    await call('ui:set', { key: 'canary.ui', value: { open: true } });
    await call('ui:get', { key: 'canary.ui' });
    // Refused by the browser shell (it downloads snapshots): the refusal carries no secret either.
    await call('snapshots:save', { deviceName: CANARY.stray, takenAt: 0, png: 'iVBORw0KGgo=' });
    // The browser shell has no windows of its own (the page opens browser windows): lists none, refuses.
    await call('displays:list');
    await call('windows:open', { layoutId: CANARY.stray });
    // The operator log takes the wall's words; a stream URL in a reason loses its query (its secret).
    await call('oplog:append', {
      events: [
        {
          at: Date.now(),
          kind: 'failed',
          deviceKey: 'cam-1',
          reason: `stream ws://127.0.0.1:1/live/a.flv?secret=${CANARY.device}&token=${CANARY.product} closed`,
        },
      ],
    });
    await call('oplog:list');
    await call('oplog:csv');
    // The control room: the broker's password stays in the core (nothing listens on port 1: the link is
    // away, with a reason that must not quote it; a command is queued).
    await call('room:configure', {
      enabled: true,
      brokerUrl: 'mqtt://127.0.0.1:1',
      username: 'canary',
      password: CANARY.broker,
      pcName: 'canary-pc',
      screens: [{ name: 'canary-screen' }],
      root: 'control-room-wall/v1',
      hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
      acceptWeakStorage: true,
    });
    await call('room:config');
    await call('room:status');
    await call('room:send', { screen: 'canary-screen', command: { clear: true } });
    await call('room:report', { screen: 'canary-screen', rev: 0, shows: { kind: 'none' }, tiles: [] });
    await call('room:configure', {
      enabled: false,
      brokerUrl: null,
      username: null,
      pcName: 'canary-pc',
      screens: [],
      root: 'control-room-wall/v1',
      hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
      clearPassword: true,
    });
    const provisioned = {
      version: 1,
      profiles: [
        {
          id: 'c-prov',
          name: 'prov',
          baseUrl: base,
          credentials: { type: 'user', userKey: 'u', authKey: 'a', authSecret: CANARY.provisioned },
        },
      ],
    };
    expect(await call('provisioning:import', { text: JSON.stringify(provisioned) })).toMatchObject({
      ok: true,
    });
    const refused = {
      version: 1,
      profiles: [
        {
          id: 'c-ref',
          name: '',
          baseUrl: 'nope',
          credentials: { type: 'user', userKey: 'u', authSecret: CANARY.refused, extra: CANARY.refused },
        },
      ],
    };
    expect(await call('provisioning:import', { text: JSON.stringify(refused) })).toMatchObject({ ok: false });
    // Not JSON at all, with a canary near the fault: the parse error must not quote the file.
    await call('provisioning:import', { text: `{"version":1,"x":"${CANARY.refused}",}` });
    await call('layouts:remove', { id: layout.value.id });
    await call('profiles:remove', { id: 'c-device' });
    await call('profiles:list');

    expect([...called].sort()).toEqual([...CHANNELS].sort());
    // The page itself and its events.
    seen.push({ what: 'page', res: await f.request(`/?token=${f.shell.token}`) });
    await sse.until(() => sse.events.some((e) => e.event === 'profiles:changed'));

    const leaks: string[] = [];
    const scan = (what: string, text: string) => {
      for (const canary of CANARIES) if (text.includes(canary)) leaks.push(`${what}: ${canary}`);
    };
    for (const { what, res } of seen) {
      scan(`${what} (body)`, res.text);
      scan(`${what} (headers)`, JSON.stringify(res.headers));
    }
    scan('event stream', sse.raw);
    scan('shell logs', f.logs.join('\n'));
    expect(leaks).toEqual([]);
    // The scan saw real traffic: the secrets were used (the platform refused them) and events flowed.
    expect(seen.length).toBeGreaterThan(25);
    expect(sse.events.length).toBeGreaterThan(5);
  });

  it('keeps the canaries encrypted at rest, the log files included', async () => {
    const files = (await readdir(f.dataDir, { recursive: true, withFileTypes: true })).filter((e) =>
      e.isFile(),
    );
    for (const entry of files) {
      const file = path.join(entry.parentPath, entry.name);
      const bytes = await readFile(file);
      for (const canary of CANARIES)
        expect(bytes.includes(Buffer.from(canary)), `${file}: ${canary}`).toBe(false);
    }
  });
});
