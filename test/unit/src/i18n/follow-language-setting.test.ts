import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../../../electron/shared/contract';
import { DEFAULT_SETTINGS } from '../../../../electron/shared/settings';
import { followLanguageSetting } from '../../../../src/i18n/follow-language-setting';
import { startI18n } from '../../../../src/i18n/start-i18n';
import { useCoreMirror } from '../../../../src/session/core-mirror';

const appInfo = (systemLanguages?: string[]): AppInfo => ({
  name: 'Control Room Wall',
  version: '0.0.0',
  shell: 'electron',
  platform: 'linux',
  storageTier: 'strong',
  storageDescription: '',
  demoAvailable: false,
  notices: [],
  ...(systemLanguages && { systemLanguages }),
});

let stop = () => undefined as void;
afterEach(() => {
  stop();
  useCoreMirror.setState({ settings: null, appInfo: null });
  startI18n('en');
});

describe('the language follows settings.language as the mirror brings it', () => {
  it('switches on settings:changed, without a restart, and back', () => {
    startI18n('en');
    stop = followLanguageSetting();
    expect(i18next.language).toBe('en');
    useCoreMirror.setState({ settings: { ...DEFAULT_SETTINGS, language: 'zh-CN' } });
    expect(i18next.language).toBe('zh-CN');
    expect(i18next.t('operatorLog:dialog.title')).toBe('操作日志');
    useCoreMirror.setState({ settings: { ...DEFAULT_SETTINGS, language: 'en' } });
    expect(i18next.t('operatorLog:dialog.title')).toBe('Operator log');
  });

  it('auto follows the OS languages the desktop shell reports in app:info', () => {
    startI18n('en');
    stop = followLanguageSetting();
    useCoreMirror.setState({
      settings: { ...DEFAULT_SETTINGS, language: 'auto' },
      appInfo: appInfo(['zh-Hans-CN', 'en-US']),
    });
    expect(i18next.language).toBe('zh-CN');
    useCoreMirror.setState({ appInfo: appInfo(['de-DE']) });
    expect(i18next.language).toBe('en');
  });
});
