import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../../../electron/core/redact';

describe('Redactor', () => {
  it('removes a registered secret in every wire form', () => {
    const r = new Redactor();
    r.add('CANARY a&b="c"/d');
    const secret = 'CANARY a&b="c"/d';
    const forms = [
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ x: secret }).toString().slice(2),
      JSON.stringify(secret).slice(1, -1),
    ];
    for (const form of forms) expect(r.redact(`before ${form} after`)).toBe(`before ${REDACTED} after`);
  });

  it('redacts the longer of two overlapping secrets whole', () => {
    const r = new Redactor();
    r.add('CANARY');
    r.add('CANARY-long-secret');
    expect(r.redact('x CANARY-long-secret y CANARY')).toBe(`x ${REDACTED} y ${REDACTED}`);
  });

  it('catches secrets by field name even when their value was never registered', () => {
    const r = new Redactor();
    expect(r.redact('GET /p?userKey=u&authSecret=abc123&page=1')).toBe(
      `GET /p?userKey=u&authSecret=${REDACTED}&page=1`,
    );
    expect(r.redact('{"querySecret":"abc","x":1}')).toBe(`{"querySecret":"${REDACTED}","x":1}`);
    expect(r.redact('headers: queryToken: tok-1, other')).toBe(`headers: queryToken: ${REDACTED}, other`);
    expect(r.redact('{\\"projectAuthSecret\\":\\"zz\\"}')).toBe(
      `{\\"projectAuthSecret\\":\\"${REDACTED}\\"}`,
    );
    expect(r.redact('authSecret is required')).toBe('authSecret is required');
  });

  it('ignores empty secrets instead of redacting everything', () => {
    const r = new Redactor();
    r.add('');
    expect(r.redact('plain text')).toBe('plain text');
  });

  it('copies values deeply: strings redacted, secret fields blanked, errors kept as errors', () => {
    const r = new Redactor();
    r.add('CANARY-x');
    const cause = new Error('inner CANARY-x');
    const err = Object.assign(new TypeError('outer CANARY-x', { cause }), { code: 'E1' });
    const input = {
      list: ['a', 'CANARY-x'],
      nested: { authSecret: 'unregistered', note: 'has CANARY-x' },
      err,
      when: new Date(0),
      map: new Map([['queryToken', 'v']]),
    };
    const out = r.redactValue(input);
    expect(out.list).toEqual(['a', REDACTED]);
    expect(out.nested).toEqual({ authSecret: REDACTED, note: `has ${REDACTED}` });
    expect(out.err).toBeInstanceOf(TypeError);
    expect(out.err.code).toBe('E1');
    expect(out.when).toEqual(new Date(0));
    expect(out.map.get('queryToken')).toBe(REDACTED);
    expect(inspect(out, { depth: Infinity, showHidden: true })).not.toContain('CANARY');
    // The input is untouched.
    expect(input.list[1]).toBe('CANARY-x');
    expect(err.message).toBe('outer CANARY-x');
  });

  it('survives cycles', () => {
    const r = new Redactor();
    r.add('CANARY-y');
    const a: Record<string, unknown> = { s: 'CANARY-y' };
    a.self = a;
    const out = r.redactValue(a);
    expect(out.s).toBe(REDACTED);
    expect(out.self).toBe(out);
  });
});
