import { afterEach, describe, expect, it } from 'vitest';
import { pinWaitWords, retryDeadline } from '../../../../src/app/settings/pin-wait';
import { startI18n } from '../../../../src/i18n/start-i18n';
import type { AppError } from '../../../../electron/shared/contract';

/** The core's refusals of kiosk:unlock, as kiosk-handlers sends them. */
const wrongWait: AppError = {
  kind: 'locked',
  message: 'Wrong PIN. Try again in 30 s.',
  code: 'kiosk.pin.wrongWait',
  params: { seconds: 30 },
};
const tooMany: AppError = {
  kind: 'locked',
  message: 'Too many wrong PINs: try again in 117 s.',
  code: 'kiosk.pin.tooMany',
  params: { seconds: 117 },
};

afterEach(() => void startI18n('en'));
startI18n('en');

describe('the words under the admin PIN', () => {
  it('says the wait left, not the one the core named when it refused', () => {
    expect(pinWaitWords(wrongWait, 12_400)).toEqual({
      refusal: 'Wrong PIN.',
      wait: 'Try again in 13 s.',
    });
  });

  it('once the wait is over, says nothing of waiting: no "Try again in 30 s" with no new attempt', () => {
    const words = pinWaitWords(wrongWait, 0);
    expect(words).toEqual({ refusal: 'Wrong PIN.', wait: null });
    expect(JSON.stringify(words)).not.toMatch(/try again in/i);
  });

  it('drops the core’s lower-case form too', () => {
    expect(pinWaitWords(tooMany, 0)).toEqual({
      refusal: 'Too many wrong PINs.',
      wait: null,
    });
  });

  it('keeps a refusal that names no wait as it is', () => {
    expect(pinWaitWords('No admin PIN is set for this kiosk.', 0).refusal).toBe(
      'No admin PIN is set for this kiosk.',
    );
    expect(pinWaitWords(null, 5_000)).toEqual({ refusal: null, wait: 'Try again in 5 s.' });
  });
});

describe('the words under the admin PIN, in Chinese', () => {
  it('words the core’s refusals and the wait left in the operator’s language', () => {
    startI18n('zh-CN');
    expect(pinWaitWords(wrongWait, 12_400)).toEqual({
      refusal: 'PIN 码错误。',
      wait: '请在 13 秒后重试。',
    });
    expect(pinWaitWords(tooMany, 0)).toEqual({
      refusal: 'PIN 码错误次数过多。',
      wait: null,
    });
  });

  it('shows a refusal it does not know as the core said it', () => {
    startI18n('zh-CN');
    expect(pinWaitWords('No admin PIN is set for this kiosk.', 0).refusal).toBe(
      'No admin PIN is set for this kiosk.',
    );
  });
});

describe('the PIN refusals are known by their code, not their words', () => {
  it('words a coded refusal it does not word itself (no PIN set) in the operator’s language', () => {
    startI18n('zh-CN');
    const notSet: AppError = {
      kind: 'locked',
      message:
        'No admin PIN is set for this kiosk, so it cannot be unlocked here. Set kiosk.adminPin in a provisioning file.',
      code: 'kiosk.pin.notSet',
    };
    expect(pinWaitWords(notSet, 0).refusal).toBe(
      '此展台未设置管理员 PIN 码，因此无法在此解锁。请在预配文件中设置 kiosk.adminPin。',
    );
  });

  it('does not take English words for the code: an uncoded "Wrong PIN." is shown as it came', () => {
    startI18n('zh-CN');
    expect(pinWaitWords({ kind: 'locked', message: 'Wrong PIN.' }, 0).refusal).toBe('Wrong PIN.');
  });
});

describe('the deadline of the next PIN', () => {
  it('is fixed when the wait arrives, so the count only goes down', () => {
    const deadline = retryDeadline(60_000, 1_000_000);
    expect(deadline).toBe(1_060_000);
    const left = (now: number) => Math.max(0, deadline - now);
    expect(left(1_002_000)).toBe(58_000);
    expect(left(1_070_000)).toBe(0);
    expect(retryDeadline(0, 1_000_000)).toBe(0);
  });
});
