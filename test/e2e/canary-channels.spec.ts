import { describe, expect, it } from 'vitest';
import { CHANNELS, type Channel } from '../../electron/shared/contract';
import type { ProfileSaveInput } from '../../electron/shared/profile';
import { expectNoLeak } from '../support/canary/canary-run';
import { CANARY } from '../support/canary/needles';
import { canaryProfiles, realProfiles } from './pages/canary-profiles';
import { canary, chooseDemo, ids, page, s, snapshot, useCanaryRun } from './pages/canary-session';

/**
 * The canary test (issue 4, part 7), channel by channel: every channel driven from the page (a
 * same-origin fetch with its cookie), with profiles holding canary and real secrets, errors included;
 * then no needle anywhere the page or a file could hold one (see canary.spec.ts for the needles and
 * the places searched). The profiles are stored through the core here: canary.spec.ts types them
 * into the UI.
 */

/** At least this many API answers read: the search covered real ground (a run reads about 216). */
const CHANNELS_MIN_API = 150;

useCanaryRun();

/** A profile of each credential type, canary (then rotated and renamed, as an operator would) and real. */
async function saveProfiles(): Promise<void> {
  const save = async (input: Omit<ProfileSaveInput, 'baseUrl'>) => {
    const saved = await s.call('profiles:save', { baseUrl: s.demo.baseUrl, ...input });
    if (!saved.ok) throw new Error(saved.error.message);
    return saved.value;
  };
  for (const { rotated, ...p } of canaryProfiles(s.demo.credentials)) {
    const first = await save(p);
    await save({ ...p, id: first.id, name: `${p.name} edited`, secrets: rotated });
  }
  for (const p of realProfiles(s.demo.credentials)) await save(p);
}

describe('canary: no secret reaches the renderer through any channel', () => {
  it('first run takes the demo; a profile of each credential type is stored', async () => {
    await page.getByTestId('first-run').waitFor();
    await chooseDemo(page);
    await saveProfiles();
    await canary.refreshIds();
    expect(Object.keys(ids)).toHaveLength(8);
    await snapshot('after the profiles were stored');
  });

  it('drives every channel from the page (same-origin fetch with its cookie), errors included', async () => {
    const { device, product, project } = s.demo.credentials;
    const { echo } = canary;
    const demoDevice = s.demo.data.devicesByProduct.get(
      s.demo.data.products.find((p) => p.userKey === s.demo.credentials.user.userKey)!.productKey,
    )![0].deviceKey;
    const template = (name: string) => ({
      name,
      desc: 'canary sweep',
      parameters: [
        { identifier: 'level', name: 'Level', dataType: 'INTEGER', map: { min: '0', max: '9', step: '1' } },
      ],
    });
    const saved = Object.values(ids);
    const calls: [Channel, unknown][] = [
      ['app:info', undefined],
      ['app:diagnostics', undefined],
      ['kiosk:status', undefined],
      ['kiosk:unlock', { pin: CANARY.echoed }],
      ['kiosk:lock', undefined],
      ['platform:status', undefined],
      ['ui:set', { key: 'canary.ui', value: { open: true } }],
      ['ui:get', { key: 'canary.ui' }],
      ['profiles:list', undefined],
      ['settings:get', undefined],
      ['settings:set', { statsOverlay: false }],
      ['layouts:list', undefined],
      ['demo:start', undefined],
      // Platforms that echo the request: query placement, then headers.
      [
        'profiles:save',
        {
          id: 'echo-query',
          name: 'Echo (query)',
          baseUrl: echo.baseUrl,
          placement: 'query',
          credentialType: 'user',
          keys: { userKey: 'u', authKey: 'a' },
          secrets: { authSecret: CANARY.echoed },
        },
      ],
      [
        'profiles:save',
        {
          id: 'echo-headers',
          name: 'Echo (headers)',
          baseUrl: echo.baseUrl,
          placement: 'headers',
          credentialType: 'product',
          keys: { productKey: 'p', queryKey: 'q' },
          secrets: { querySecret: CANARY.echoedHeader },
        },
      ],
      // Refused saves must not quote what they refused.
      [
        'profiles:save',
        {
          name: 'Invalid',
          baseUrl: 'not a url',
          credentialType: 'user',
          keys: { userKey: '' },
          secrets: { authSecret: CANARY.invalidSave, bogus: CANARY.wrongField },
        },
      ],
      // A draft against nothing that answers: the network error must not show the URL it tried.
      [
        'profiles:test',
        {
          draft: {
            name: 'Unreachable',
            baseUrl: 'http://127.0.0.1:9',
            placement: 'query',
            credentialType: 'device',
            keys: { deviceKey: device.deviceKey },
            secrets: { queryToken: CANARY.unreachable },
          },
        },
      ],
      [
        'profiles:test',
        {
          draft: {
            name: 'Echo draft',
            baseUrl: echo.baseUrl,
            placement: 'query',
            credentialType: 'project',
            keys: { projectKey: project.projectKey, projectAuthKey: project.projectAuthKey },
            secrets: { projectAuthSecret: CANARY.echoed },
          },
        },
      ],
    ];
    for (const id of [...saved, 'echo-query', 'echo-headers']) {
      calls.push(
        ['profiles:select', { id }],
        ['profiles:test', { id }],
        ['profiles:test', undefined],
        ['products:list', { profileId: id, pageSize: 5 }],
        ['devices:list', { profileId: id, productKey: product.productKey, pageSize: 5 }],
        ['devices:list', { profileId: id, keyword: 'cam', pageSize: 5 }],
        ['streams:start', { profileId: id, deviceKey: device.deviceKey }],
        ['streams:start', { profileId: id, deviceKey: demoDevice }],
        [
          'templates:create',
          { profileId: id, projectKey: project.projectKey, template: template(`T ${id}`) },
        ],
        [
          'templates:create',
          { profileId: id, projectKey: project.projectKey, template: { name: '', parameters: [] } },
        ],
        ['templates:history', { profileId: id }],
      );
    }
    calls.push(
      ['templates:history', undefined],
      [
        'layouts:save',
        {
          id: 'canary-wall',
          name: 'Canary wall',
          profileId: ids['Canary Device edited'],
          grid: { columns: 2, rows: 1 },
          tiles: [{ deviceKey: device.deviceKey }],
        },
      ],
      ['layouts:list', undefined],
      // Saved views and tours: the export must carry no secret of any profile; a refused import not quote.
      ['layouts:rename', { id: 'canary-wall', name: 'Canary wall renamed' }],
      ['layouts:duplicate', { id: 'canary-wall', name: 'Canary copy' }],
      [
        'tours:save',
        {
          id: 'c-tour',
          name: 'Canary',
          kind: 'views',
          dwellSeconds: 5,
          views: ['canary-wall', 'canary-copy'],
        },
      ],
      ['tours:list', undefined],
      ['views:export', undefined],
      [
        'views:import',
        { text: `{"format":"control-room-wall/views","version":1,"x":"${CANARY.refusedFile}" oops` },
      ],
      ['tours:remove', { id: 'c-tour' }],
      // Refused by the browser shell (it downloads snapshots; its page opens browser windows itself).
      ['snapshots:save', { deviceName: 'Canary cam', takenAt: 0, png: 'iVBORw0KGgo=' }],
      ['displays:list', undefined],
      ['windows:open', { layoutId: 'canary-wall' }],
      // The operator log keeps the wall's words; a stream URL in a reason loses its query (its secret).
      [
        'oplog:append',
        {
          events: [
            {
              at: Date.now(),
              kind: 'failed',
              deviceKey: 'canary-cam',
              reason: `stream ws://127.0.0.1:1/live/a.flv?secret=${CANARY.device}&token=${CANARY.product} closed`,
            },
          ],
        },
      ],
      ['oplog:list', undefined],
      ['oplog:csv', undefined],
      // The control room: the broker's password stays in the core; nothing answers on port 1, so the
      // link is away (with a reason that must not quote it) and a command is queued.
      [
        'room:configure',
        {
          enabled: true,
          brokerUrl: 'mqtt://127.0.0.1:1',
          username: 'canary',
          password: CANARY.broker,
          pcName: 'canary-pc',
          screens: [{ name: 'canary-screen' }],
          root: 'control-room-wall/v1',
          hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
          acceptWeakStorage: true,
        },
      ],
      ['room:config', undefined],
      ['room:status', undefined],
      ['room:send', { screen: 'canary-screen', command: { clear: true } }],
      ['room:report', { screen: 'canary-screen', rev: 0, shows: { kind: 'none' }, tiles: [] }],
      ['layouts:remove', { id: 'canary-copy' }],
      ['layouts:remove', { id: 'canary-wall' }],
      // Provisioning: refused (and not quoted), malformed (and not quoted), then accepted.
      [
        'provisioning:import',
        {
          text: JSON.stringify({
            version: 1,
            profiles: [
              {
                id: 'refused',
                name: 'Refused',
                baseUrl: echo.baseUrl,
                placement: 'sideways',
                credentials: { type: 'user', userKey: 'u', authKey: 'a', authSecret: CANARY.refusedFile },
              },
            ],
            layouts: [{ id: 'x', name: 'X', profile: 'nobody', grid: { columns: 1, rows: 1 }, tiles: [] }],
          }),
        },
      ],
      [
        'provisioning:import',
        { text: `{"version":1,"profiles":[{"credentials":{"authSecret":"${CANARY.malformedFile}" oops` },
      ],
      [
        'provisioning:import',
        {
          text: JSON.stringify({
            version: 1,
            profiles: [
              {
                id: 'provisioned',
                name: 'Provisioned',
                baseUrl: echo.baseUrl,
                credentials: { type: 'user', userKey: 'u', authKey: 'a', authSecret: CANARY.provisioned },
              },
            ],
            selectedProfile: ids['Demo platform'],
          }),
        },
      ],
      ['profiles:test', { id: 'provisioned' }],
      ['products:list', { profileId: 'provisioned' }],
      ['profiles:remove', { id: 'provisioned' }],
      ['profiles:remove', { id: 'echo-headers' }],
      ['profiles:select', { id: ids['Demo platform'] }],
    );

    const run = (list: [Channel, unknown][]) =>
      page.evaluate(async (batch) => {
        const out: { channel: string; status: number; text: string }[] = [];
        for (const [channel, input] of batch) {
          const res = await fetch(`/api/${channel}`, {
            method: 'POST',
            credentials: 'same-origin',
            headers: input === undefined ? {} : { 'Content-Type': 'application/json' },
            body: input === undefined ? undefined : JSON.stringify(input),
          });
          out.push({ channel, status: res.status, text: await res.text() });
        }
        return out;
      }, list);

    const answers = await run(calls);
    // While the platform is down (503), with canary and real secrets sent as query parameters.
    s.demo.setDown(true);
    try {
      answers.push(
        ...(await run([
          [
            'profiles:test',
            {
              draft: {
                name: 'Down',
                baseUrl: s.demo.baseUrl,
                placement: 'query',
                credentialType: 'project',
                keys: { projectKey: project.projectKey, projectAuthKey: project.projectAuthKey },
                secrets: { projectAuthSecret: CANARY.down },
              },
            },
          ],
          ['products:list', { profileId: ids['Canary User edited'] }],
          ['products:list', { profileId: ids['Demo platform'] }],
          ['streams:start', { profileId: ids['Real Device'], deviceKey: device.deviceKey }],
        ])),
      );
    } finally {
      s.demo.setDown(false);
    }

    expect(new Set(answers.map((a) => a.channel))).toEqual(new Set(CHANNELS));
    type Answer = { ok: boolean; error?: { kind: string } };
    const parsed = answers.map((a) => ({ channel: a.channel, body: JSON.parse(a.text) as Answer }));
    // Every call reached its handler: refused input is HTTP 400, everything else 200.
    answers.forEach((a, i) =>
      expect(a.status, a.channel).toBe(parsed[i].body.error?.kind === 'invalid-input' ? 400 : 200),
    );
    // The calls really went out with the secrets: real ones worked, canaries were refused by the platform.
    const kinds = (channel: string) =>
      parsed.filter((a) => a.channel === channel && a.body.ok === false).map((a) => a.body.error?.kind);
    expect(parsed.some((a) => a.channel === 'streams:start' && a.body.ok === true)).toBe(true);
    expect(parsed.some((a) => a.channel === 'templates:create' && a.body.ok === true)).toBe(true);
    expect(kinds('products:list')).toContain('auth');
    expect(kinds('streams:start')).toContain('auth');
    expect(kinds('provisioning:import')).toEqual(['invalid-input', 'invalid-input']);
    // The echo platform received the canaries, so an unredacted echo would have come back.
    expect(echo.seen.some((e) => e.includes(CANARY.echoed))).toBe(true);
    expect(echo.seen.some((e) => e.includes(CANARY.echoedHeader))).toBe(true);
    expect(echo.seen.some((e) => e.includes(CANARY.provisioned))).toBe(true);
  });

  it('finds no canary and no real secret anywhere the page or a file could hold one', async () => {
    await expectNoLeak(canary, { minApiAnswers: CHANNELS_MIN_API, minDumps: 3 });
  });

  it('saw zero CSP violations and no page errors along the way', () => {
    expect(s.cspViolations).toEqual([]);
    expect(s.pageErrors).toEqual([]);
  });
});
