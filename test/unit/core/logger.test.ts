import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../electron/core/logger';
import { Redactor } from '../../../electron/core/redact';

function capture(level?: 'debug' | 'info') {
  const lines: string[] = [];
  const redact = new Redactor();
  redact.add('CANARY-auth-7f3a');
  const log = createLogger('platform', { sink: (l) => lines.push(l), redact, level });
  return { lines, log };
}

describe('createLogger', () => {
  it('writes one scoped line per call, with time and level', () => {
    const { lines, log } = capture();
    log.info('GET /products 200 12ms');
    log.warn('slow', { ms: 1200 });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z INFO {2}\[platform\] GET \/products 200 12ms$/,
    );
    expect(lines[1]).toMatch(/WARN {2}\[platform\] slow \{"ms":1200\}$/);
  });

  it('drops debug lines unless asked for them', () => {
    const quiet = capture();
    quiet.log.debug('detail');
    expect(quiet.lines).toEqual([]);
    const chatty = capture('debug');
    chatty.log.debug('detail');
    expect(chatty.lines[0]).toContain('DEBUG [platform] detail');
  });

  it('scopes children under the parent', () => {
    const { lines, log } = capture();
    log.child('http').error('boom');
    expect(lines[0]).toContain('ERROR [platform:http] boom');
  });

  it('never prints a secret: in the message, in fields, in errors, under a secret name', () => {
    const { lines, log } = capture();
    log.info('GET /products?authSecret=CANARY-auth-7f3a');
    log.warn('failed', {
      url: 'http://h/p?authKey=a&authSecret=CANARY-auth-7f3a',
      error: new Error('echo CANARY-auth-7f3a'),
      credentials: { authSecret: 'not-registered-yet' },
      nested: [{ deep: { text: 'x CANARY-auth-7f3a' } }],
    });
    const all = lines.join('\n');
    expect(all).not.toContain('CANARY');
    expect(all).not.toContain('not-registered-yet');
    expect(all).toContain('"message":"echo [REDACTED]"');
  });

  it('survives odd fields and a failing sink', () => {
    const { lines, log } = capture();
    const cyclic: Record<string, unknown> = { n: 10n };
    cyclic.self = cyclic;
    log.info('odd', { cyclic });
    expect(lines[0]).toContain('"n":"10"');
    const broken = createLogger('x', {
      sink: () => {
        throw new Error('disk full');
      },
    });
    expect(() => broken.error('still fine')).not.toThrow();
  });
});
