import { afterEach, describe, expect, it } from 'vitest';
import { checkDesiredMessage } from '../../../../../electron/core/room/desired-check';
import { rejectedWords } from '../../../../../src/features/room/rejected-words';
import { startI18n } from '../../../../../src/i18n/start-i18n';

/**
 * A screen's refusal on the console: worded in the console operator's language from the code the
 * screen published beside its English reason; a refusal without a code known here (an older app on
 * the screen's PC) shows the screen's words, marked as such.
 */
describe('a refused command on the console', () => {
  afterEach(() => startI18n('en'));

  /** The refusal as the screen publishes it, from the real check. */
  function refused(payload: string) {
    const checked = checkDesiredMessage(Buffer.from(payload));
    if (checked.ok) throw new Error('accepted');
    const { rev, reason, reasonCode, reasonParams } = checked;
    return { rev, reason, reasonCode, reasonParams };
  }

  it('is worded in Chinese from its code, the English as the screen said it', () => {
    const rejected = refused('{"rev" 1}');
    expect(rejected.reasonCode).toBe('room.rejected.notJsonAt');
    startI18n('en');
    // In English, the screen's own words: they name each problem in full.
    expect(rejectedWords(rejected)).toEqual({ text: rejected.reason, coreWords: true });
    startI18n('zh-CN');
    const words = rejectedWords(rejected);
    expect(words.coreWords).toBe(false);
    expect(words.text).toMatch(/\p{Script=Han}/u);
    expect(words.text).toContain(String(rejected.reasonParams.at));
  });

  it('names where a view does not fit, with a count', () => {
    const rejected = refused(
      JSON.stringify({
        rev: 3,
        by: 'console',
        at: '2026-11-27T06:00:00Z',
        view: {
          name: 'V',
          grid: { columns: 1, rows: 1 },
          tiles: [{ deviceKey: 'a' }, { deviceKey: 'b' }],
        },
      }),
    );
    expect(rejected).toMatchObject({
      reasonCode: 'room.rejected.viewDoesNotFit',
      reasonParams: { paths: 'view.tiles[1]', count: 1 },
    });
    startI18n('zh-CN');
    const words = rejectedWords(rejected).text;
    expect(words).toMatch(/\p{Script=Han}/u);
    expect(words).toContain('tiles[1]');
    expect(words).not.toMatch(/\{\{/);
  });

  it('shows the screen’s own words when it sent no code known here', () => {
    startI18n('zh-CN');
    expect(rejectedWords({ rev: 2, reason: 'the window could not open' })).toEqual({
      text: 'the window could not open',
      coreWords: true,
    });
    expect(
      rejectedWords({ rev: 2, reason: 'newer words', reasonCode: 'room.rejected.fromTheFuture' }),
    ).toEqual({ text: 'newer words', coreWords: true });
  });
});
