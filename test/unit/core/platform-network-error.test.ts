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
      'Cannot reach the platform at https://iot.example:8443: the host is unreachable.',
    );
  });

  it('shows an unknown code as it is, and says when the answer was arriving', () => {
    const e = new TypeError('fetch failed', { cause: { code: 'EWEIRD' } });
    expect(networkError(e, base, 'while the answer was arriving').message).toBe(
      'Cannot reach the platform at https://iot.example:8443 while the answer was arriving: EWEIRD.',
    );
  });

  it('falls back to a plain reason without a code', () => {
    expect(networkError(new Error('boom'), base).message).toBe(
      'Cannot reach the platform at https://iot.example:8443: the connection failed.',
    );
  });
});
