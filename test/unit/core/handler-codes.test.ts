import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROFILE_ID, type Core } from '../../../electron/core/core';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import { DEMO_PROFILE, profileNameCode } from '../../../electron/shared/profile';
import { profileName } from '../../../src/lib/profile-name';
import { wordProblem } from '../../../src/features/templates/problem-text';
import { startI18n } from '../../../src/i18n/start-i18n';
import { plainError } from '../../../src/lib/plain-error';
import { MemoryStore } from '../../fakes/memory-store';
import { error, openCore, value } from '../../support/core-harness';

/**
 * The catalog's and the templates' refusals are coded, each field problem too, so they are worded in
 * the operator's language. Driven through core.call against the demo platform over loopback.
 */
const HAN = /\p{Script=Han}/u;
let platform: DemoPlatform;
let core: Core;

beforeAll(async () => {
  platform = await startDemoPlatform({ log: () => undefined });
  ({ core } = await openCore({ store: new MemoryStore() }));
  const { user } = platform.credentials;
  value(
    await core.call('profiles:save', {
      id: 'site',
      name: 'Site',
      baseUrl: platform.baseUrl,
      credentialType: 'user',
      keys: { userKey: user.userKey, authKey: user.authKey },
      secrets: { authSecret: user.authSecret },
      select: true,
    }),
  );
});
afterAll(async () => {
  startI18n('en');
  await platform?.close();
});

describe('coded refusals of the catalog and the templates', () => {
  it('devices:list without a product: coded, with its field problem coded', async () => {
    const e = error(await core.call('devices:list', {}));
    expect(e).toMatchObject({
      kind: 'invalid-input',
      code: 'catalog.productRequired',
      details: [{ path: 'productKey', message: 'required', code: 'input.required' }],
    });
    startI18n('zh-CN');
    expect(plainError(e).message).toBe('请选择一个产品：列出设备需要它的产品密钥。');
    expect(wordProblem(e.details![0])).toBe('必填');
    startI18n('en');
    expect(plainError(e).message).toBe(e.message);
  });

  it('templates:create refused by the rule book: every problem coded, worded in Chinese from its code', async () => {
    const e = error(
      await core.call('templates:create', {
        template: {
          name: '',
          desc: '',
          parameters: [{ dataType: 'INTEGER', identifier: '9x', name: 'x', map: { min: '5', max: '1' } }],
        },
      }),
    );
    expect(e).toMatchObject({ kind: 'invalid-input', code: 'input.invalid', params: { count: 4 } });
    expect(e.details?.map((d) => d.code)).toEqual([
      'template.projectKeyRequired',
      'template.nameRequired',
      'template.identifierPattern',
      'template.maxBelowMin',
    ]);
    startI18n('zh-CN');
    for (const d of e.details ?? []) expect(HAN.test(wordProblem(d)), d.code).toBe(true);
    const said = plainError(e).message;
    expect(HAN.test(said)).toBe(true);
    expect(said).not.toMatch(/required|must/);
    startI18n('en');
    for (const d of e.details ?? [])
      if (d.code !== 'template.projectKeyRequired') expect(wordProblem(d)).toBe(d.message);
  });
});

describe('the demo profile’s made-up name', () => {
  it('is worded in the reader’s language while it is the core’s; an operator’s name is shown as given', () => {
    expect(DEMO_PROFILE.id).toBe(DEMO_PROFILE_ID);
    expect(profileNameCode(DEMO_PROFILE)).toBe('demoPlatform');
    startI18n('zh-CN');
    expect(profileName(DEMO_PROFILE)).toBe('演示平台');
    expect(profileName({ id: DEMO_PROFILE_ID, name: '一号机房演示' })).toBe('一号机房演示');
    expect(profileName({ id: 'site', name: 'Demo platform' })).toBe('Demo platform');
    startI18n('en');
    expect(profileName(DEMO_PROFILE)).toBe('Demo platform');
  });
});
