import { afterEach, describe, expect, it } from 'vitest';
import { whyNotKept, type UiState } from '../../../../../src/features/templates/ui-state';
import { startI18n } from '../../../../../src/i18n/start-i18n';
import { MemoryStore } from '../../../../fakes/memory-store';
import { error, openCore } from '../../../../support/core-harness';

/**
 * Why a draft could not be kept, as the template panel says it: told by the refusal's kind and code
 * from the real core, never by its English words, and in the operator's language.
 */
async function coreUiState(): Promise<UiState> {
  const { core } = await openCore({ store: new MemoryStore() });
  return {
    get: (key) => core.call('ui:get', { key }),
    set: (key, value) => core.call('ui:set', { key, value }),
  };
}

afterEach(() => void startI18n('en'));

describe('why a draft was not kept', () => {
  it('a value over the core’s limit is “too large”, told by the refusal’s code', async () => {
    const ui = await coreUiState();
    const refused = error(await ui.set('templates.draft.a', 'x'.repeat(300 * 1024)));
    expect(refused).toMatchObject({ kind: 'invalid-input', code: 'uiState.tooLarge' });
    expect(whyNotKept(refused)).toBe('the draft is too large to keep (at most 256 KiB)');
    // The core's words may change (or be another language's): the code still says what happened.
    expect(whyNotKept({ ...refused, message: 'The value is too large to keep.' })).toBe(
      'the draft is too large to keep (at most 256 KiB)',
    );
    startI18n('zh-CN');
    expect(whyNotKept(refused)).toMatch(/[\u4e00-\u9fff]/);
  });

  it('another refusal whose words mention KiB is not called too large', async () => {
    const ui = await coreUiState();
    const refused = error(await ui.set('bad key!', 1));
    expect(refused).toMatchObject({ kind: 'invalid-input', code: 'input.invalid' });
    const worded = { ...refused, message: `${refused.message} (the value was 1 KiB)` };
    expect(whyNotKept(worded)).toBe(worded.message);
  });

  it('any other refusal is worded in the operator’s language, not left in the core’s English', async () => {
    const ui = await coreUiState();
    const refused = error(await ui.set('bad key!', 1));
    startI18n('zh-CN');
    const words = whyNotKept(refused);
    expect(words).not.toBe(refused.message);
    expect(words).toMatch(/^输入无效：/);
  });
});
