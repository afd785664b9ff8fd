import { describe, expect, it } from 'vitest';
import { checkLook } from '../../../../../src/features/profiles/check-look';

const refusal = { kind: 'not-found', message: 'No product with the key "probe".', status: 404 } as const;

describe('a row of the connection test', () => {
  it('under a test that passed, a refusal is the one the probe expected, not a failure', () => {
    expect(checkLook({ ok: true }, { allowed: true, checked: refusal })).toBe('expected');
  });

  it('under a test that failed, the same refusal is a failure', () => {
    expect(checkLook({ ok: false }, { allowed: true, checked: refusal })).toBe('failed');
  });

  it('worked, or was not called', () => {
    expect(checkLook({ ok: true }, { allowed: true, checked: 'ok' })).toBe('ok');
    expect(checkLook({ ok: true }, { allowed: false, note: 'not for this type' })).toBe('not-called');
  });
});
