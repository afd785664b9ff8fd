import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  apiChannels,
  buildApi,
  CHANNELS,
  channels,
  EVENT_NAMES,
  events,
  resultSchema,
  type Api,
  type Channel,
  type ChannelInput,
  type Result,
} from '../../../electron/shared/contract';
import type { ProfileView } from '../../../electron/shared/profile';

describe('contract', () => {
  it('declares an input and an output schema for every channel, named domain:verb', () => {
    for (const channel of CHANNELS) {
      expect(channel).toMatch(/^[a-z]+:[a-z]+$/);
      expect(channels[channel].input).toBeInstanceOf(z.ZodType);
      expect(channels[channel].output).toBeInstanceOf(z.ZodType);
    }
    for (const required of [
      'profiles:list',
      'profiles:save',
      'profiles:remove',
      'profiles:select',
      'profiles:test',
      'products:list',
      'devices:list',
      'streams:start',
      'templates:create',
      'templates:history',
      'layouts:list',
      'layouts:save',
      'layouts:remove',
      'settings:get',
      'settings:set',
      'demo:start',
      'app:info',
      'provisioning:import',
    ])
      expect(CHANNELS).toContain(required);
  });

  it('maps every channel to exactly one Api method, grouped by its domain', () => {
    const mapped = Object.entries(apiChannels).flatMap(([group, methods]) =>
      Object.entries(methods).map(([method, channel]) => {
        expect(channel).toBe(`${group}:${method}`);
        return channel;
      }),
    );
    expect([...mapped].sort()).toEqual([...CHANNELS].sort());
    expect(new Set(mapped).size).toBe(mapped.length);
  });

  it('declares push events as domain:pastTense (or app:notice) with payload schemas', () => {
    for (const name of EVENT_NAMES) {
      expect(name).toMatch(/^[a-z]+:(\w+ed|notice)$/);
      expect(events[name]).toBeInstanceOf(z.ZodType);
    }
    expect(EVENT_NAMES).toEqual(
      expect.arrayContaining(['profiles:changed', 'layouts:changed', 'settings:changed', 'app:notice']),
    );
  });

  it('strips any field a profile view did not declare, so a secret cannot ride along', () => {
    const view = {
      id: 'p',
      name: 'P',
      baseUrl: 'http://x',
      placement: 'query',
      credentialType: 'user',
      keys: { userKey: 'u', authKey: 'a' },
      secrets: { authSecret: { configured: true } },
      storageTier: 'strong',
      selected: true,
      authSecret: 'CANARY',
    };
    const out = channels['profiles:save'].output.parse(view);
    expect(JSON.stringify(out)).not.toContain('CANARY');
  });

  it('refuses bad inputs with the path of each problem', () => {
    const bad = channels['profiles:save'].input.safeParse({
      name: '',
      baseUrl: 'ftp://x',
      credentialType: 'user',
      keys: { userKey: 'u' },
    });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'baseUrl', 'keys.authKey']));
    expect(channels['profiles:list'].input.safeParse(undefined).success).toBe(true);
    expect(channels['profiles:list'].input.safeParse({ sneaky: 1 }).success).toBe(false);
  });

  it('builds the Api from a transport, calling each method through its channel', async () => {
    const calls: [Channel, unknown][] = [];
    const api = buildApi({
      invoke: async (channel, input) => {
        calls.push([channel, input]);
        return { ok: true, value: [] };
      },
      on: () => () => undefined,
    });
    await api.profiles.list();
    await api.devices.list({ productKey: 'pk', page: 2 });
    await api.provisioning.import({ text: '{}' });
    expect(calls).toEqual([
      ['profiles:list', undefined],
      ['devices:list', { productKey: 'pk', page: 2 }],
      ['provisioning:import', { text: '{}' }],
    ]);
    const result = resultSchema(z.array(z.string())).safeParse({
      ok: false,
      error: { kind: 'vault', message: 'x' },
    });
    expect(result.success).toBe(true);
  });

  it('types the Api from the table', () => {
    expectTypeOf<Api['profiles']['list']>().toEqualTypeOf<
      (input?: undefined) => Promise<Result<ProfileView[]>>
    >();
    expectTypeOf<ChannelInput<'streams:start'>>().toHaveProperty('deviceKey').toEqualTypeOf<string>();
    expectTypeOf<Parameters<Api['devices']['list']>>().toEqualTypeOf<[ChannelInput<'devices:list'>]>();
  });
});
