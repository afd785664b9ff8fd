import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { bestLanguage, resolveLanguage } from '../../../../src/i18n/languages';
import { currentLanguage, startI18n } from '../../../../src/i18n/start-i18n';

describe('the language the app speaks', () => {
  it('auto: the best supported match of the operator’s languages, else English', () => {
    expect(bestLanguage(['zh-CN', 'en'])).toBe('zh-CN');
    expect(bestLanguage(['zh'])).toBe('zh-CN');
    expect(bestLanguage(['zh-Hans-SG'])).toBe('zh-CN');
    expect(bestLanguage(['fr-FR', 'en-GB', 'zh-CN'])).toBe('en');
    expect(bestLanguage(['fr-FR', 'de'])).toBe('en');
    expect(bestLanguage([])).toBe('en');
    // Traditional Chinese is not Simplified: the next preference decides.
    expect(bestLanguage(['zh-TW', 'ja', 'en-US'])).toBe('en');
    expect(bestLanguage(['zh-Hant-HK', 'zh-CN'])).toBe('zh-CN');
  });

  it('a pinned setting wins over the operator’s languages', () => {
    expect(resolveLanguage('en', ['zh-CN'])).toBe('en');
    expect(resolveLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(resolveLanguage('auto', ['zh-CN'])).toBe('zh-CN');
  });

  it('switches without a restart, English filling any key a language lacks', async () => {
    startI18n('auto', ['zh-CN']);
    expect(currentLanguage()).toBe('zh-CN');
    expect(i18next.t('catalog:products.title')).toBe('产品');
    expect(i18next.t('catalog:devices.summary', { count: 1, total: '1' })).toBe('1 台设备');
    startI18n('en');
    expect(currentLanguage()).toBe('en');
    expect(i18next.t('catalog:devices.summary', { count: 1, total: '1' })).toBe('1 device');
    expect(i18next.t('catalog:devices.summary', { count: 2, total: '2' })).toBe('2 devices');
    i18next.addResource('zh-CN', 'catalog', 'onlyInEnglish', 'x');
    await i18next.changeLanguage('zh-CN');
    expect(i18next.t('catalog:products.refresh')).toBe('↻ 刷新');
    startI18n('en');
  });
});
