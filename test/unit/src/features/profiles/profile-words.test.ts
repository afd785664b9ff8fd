import { afterAll, describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../../../electron/shared/profile';
import {
  checkDraft,
  draftFromProfile,
  emptyDraft,
  fieldErrors,
  secretRebindReason,
} from '../../../../../src/features/profiles/profile-draft';
import { startI18n } from '../../../../../src/i18n/start-i18n';

const saved: ProfileView = {
  id: 'site-a',
  name: 'Site A',
  baseUrl: 'https://iot.example.com/api',
  placement: 'headers',
  credentialType: 'user',
  keys: { userKey: 'u1', authKey: 'a1' },
  secrets: { authSecret: { configured: true } },
  storageTier: 'strong',
  selected: true,
  mediaHost: { http: 'media.example.com:8080' },
};

/** The form's own words about a draft follow the app's language, switched without a restart. */
describe('profile form words', () => {
  afterAll(() => void startI18n('en'));

  it('speaks Chinese when the operator chose it, and English again after', () => {
    startI18n('zh-CN');
    const blank = fieldErrors(checkDraft(emptyDraft('user')));
    expect(blank['keys.userKey']).toBe('必须填写 userKey');
    expect(blank['secrets.authSecret']).toBe('新配置必须填写 authSecret');
    const moved = { ...draftFromProfile(saved), baseUrl: 'https://other.example.com/api' };
    expect(secretRebindReason(moved, saved)).toBe('请重新输入密钥：已保存的密钥只会发送给录入它时的平台。');
    const elsewhere = {
      ...draftFromProfile(saved),
      mediaHost: { http: 'capture.example.net:80', https: '' },
    };
    expect(secretRebindReason(elsewhere, saved)).toMatch(
      /^请重新输入密钥：http 媒体主机已更改（从 media\.example\.com:8080 改为 capture\.example\.net:80）/,
    );

    startI18n('en');
    expect(secretRebindReason(moved, saved)).toBe(
      'Type the secret again: a saved secret is only sent to the platform it was entered for.',
    );
  });
});
