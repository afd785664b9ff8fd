import { describe, expect, it } from 'vitest';
import { networkError } from '../../../electron/core/platform-network-error';

const base = new URL('https://iot.example:8443/api?userKey=u');

describe('networkError', () => {
  it('finds the system code inside an AggregateError under the cause', () => {
    const inner = Object.assign(new Error('connect'), { code: 'EHOSTUNREACH' });
    const e = new TypeError('fetch failed', { cause: new AggregateError([new Error('x'), inner]) });
    const error = networkError(e, base);
    expect(error.kind).toBe('network');
    expect(error.message).toBe(
      'Cannot reach the platform at https://iot.example:8443: the server cannot be reached from this computer.',
    );
  });

  it('keeps an unknown code in brackets after plain words, and says when the answer was arriving', () => {
    const e = new TypeError('fetch failed', { cause: { code: 'EWEIRD' } });
    expect(networkError(e, base, 'arriving').message).toBe(
      'Cannot reach the platform at https://iot.example:8443 while the answer was arriving: the connection failed (EWEIRD).',
    );
  });

  it('speaks to an operator, not a developer: no “is the port right?”, no system codes for known failures', () => {
    const codes = [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'ECONNRESET',
      'ETIMEDOUT',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'CERT_HAS_EXPIRED',
    ];
    for (const code of codes) {
      const message = networkError(new TypeError('fetch failed', { cause: { code } }), base).message;
      expect(message).not.toMatch(/\?|\bport\b|\bTLS\b|\bhost\b/);
      expect(message).not.toContain(code);
    }
    expect(
      networkError(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }), base).message,
    ).toBe(
      'Cannot reach the platform at https://iot.example:8443: nothing answered at that address; the platform may be stopped, or the address in the profile may be wrong.',
    );
  });

  it('falls back to a plain reason without a code', () => {
    expect(networkError(new Error('boom'), base).message).toBe(
      'Cannot reach the platform at https://iot.example:8443: the connection failed.',
    );
  });
});
