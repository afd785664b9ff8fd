import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../../electron/core/platform-error';
import { unwrap } from '../../../electron/core/platform-wrapper';

function refusal(body: unknown): PlatformError {
  try {
    unwrap(body);
  } catch (e) {
    if (e instanceof PlatformError) return e;
    throw e;
  }
  throw new Error('the wrapper was read as a success');
}

describe('unwrap', () => {
  it.each([
    ['TOKEN_EXPIRED', 'auth'],
    ['sign_error', 'auth'],
    ['PERMISSION_DENIED', 'forbidden'],
    ['NO_SUCH_DEVICE', 'not-found'],
    ['MISSING_PARAM', 'invalid-request'],
    ['UPSTREAM_TIMED_OUT', 'timeout'],
    ['BUSY', 'server'],
    [' 404 ', 'not-found'],
    [1234, 'server'],
  ])('reads the failing code %j as %s', (code, kind) => {
    expect(refusal({ code, msg: 'no' }).kind).toBe(kind);
  });

  it('takes the message from error_description or detail when msg and message are absent', () => {
    expect(refusal({ code: 'FAIL', data: null, error_description: ' key revoked ' }).message).toBe(
      'key revoked',
    );
    expect(refusal({ code: 'FAIL', data: null, detail: 'try later' }).message).toBe('try later');
  });

  it('flattens and shortens a long message', () => {
    const e = refusal({ code: 500, msg: `line one\n${'x'.repeat(400)}` });
    expect(e.message).toMatch(/^line one x+…$/);
    expect(e.message).toHaveLength(300);
  });

  it('keeps string data that is not a JSON object as it is', () => {
    expect(unwrap({ code: 0, data: '[1,2]' })).toBe('[1,2]');
    expect(unwrap({ code: 0, data: 'plain' })).toBe('plain');
    expect(unwrap({ code: 0, data: '{"a":1}' })).toEqual({ a: 1 });
  });

  it('leaves a record without a payload or without a code alone', () => {
    const noPayload = { code: 1, streamId: 'x' };
    const noCode = { code: null, message: 'hi' };
    expect(unwrap(noPayload)).toBe(noPayload);
    expect(unwrap(noCode)).toBe(noCode);
  });
});
