import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachLogSink, createLogger, MAX_LINE_CHARS } from '../../../electron/core/logger';
import { REDACTED, Redactor } from '../../../electron/core/redact';

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
    // Readable, not garbled: each secret keeps its name and delimiters, the marker once.
    expect(lines[0]).toMatch(/\[platform\] GET \/products\?authSecret=\[REDACTED\]$/);
    expect(lines[1]).toContain('"url":"http://h/p?authKey=a&authSecret=[REDACTED]"');
    expect(lines[1]).toContain('"credentials":{"authSecret":"[REDACTED]"}');
    expect(all).not.toContain(`${REDACTED}]`);
  });

  it('keeps time, level and scope intact whatever the secret looks like', () => {
    const lines: string[] = [];
    const redact = new Redactor();
    // Secrets that also spell parts of the prefix (its level and scope, today's date): only the message may change.
    const today = new Date().toISOString().slice(0, 10);
    for (const secret of ['INFO  [platform]', today]) redact.add(secret);
    createLogger('platform', { sink: (l) => lines.push(l), redact }).info(`x INFO  [platform] ${today} y`);
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z INFO {2}\[platform\] x \[REDACTED\] \[REDACTED\] y$/,
    );
  });

  it('writes a multi-line message as one line, so a message cannot forge another line', () => {
    const { lines, log } = capture();
    log.warn('server said:\n2026-01-01T00:00:00.000Z ERROR [vault] fake\r\nend');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n]/);
    expect(lines[0]).toContain('server said:\\n2026-01-01T00:00:00.000Z ERROR [vault] fake\\r\\nend');
  });

  it('cuts a huge line after redacting it', () => {
    const { lines, log } = capture();
    log.info(`${'x'.repeat(MAX_LINE_CHARS)} authSecret=CANARY-auth-7f3a`);
    expect(lines[0].length).toBeLessThan(MAX_LINE_CHARS + 200);
    expect(lines[0]).toMatch(/… \[\d+ more chars cut\]$/);
    expect(lines[0]).not.toContain('CANARY');
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

describe('attachLogSink', () => {
  const detachers: (() => void)[] = [];
  afterEach(() => {
    detachers.splice(0).forEach((detach) => detach());
    vi.restoreAllMocks();
  });

  it('gets the lines of default loggers, made before or after, until detached; stderr still gets them', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const early = createLogger('early');
    const got: string[] = [];
    const detach = attachLogSink((line) => got.push(line));
    detachers.push(detach);
    early.info('one');
    createLogger('late').child('part').warn('two');
    detach();
    early.info('three');
    expect(got).toHaveLength(2);
    expect(got[0]).toMatch(/INFO {2}\[early\] one$/);
    expect(got[1]).toMatch(/WARN {2}\[late:part\] two$/);
    expect(stderr.mock.calls.map(([text]) => String(text))).toEqual([
      `${got[0]}\n`,
      `${got[1]}\n`,
      expect.stringContaining('[early] three'),
    ]);
  });

  it('is not used by a logger with its own sink, and a failing one harms neither stderr nor the others', () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const got: string[] = [];
    detachers.push(
      attachLogSink(() => {
        throw new Error('file closed');
      }),
      attachLogSink((line) => got.push(line)),
    );
    const own: string[] = [];
    createLogger('own', { sink: (l) => own.push(l) }).info('mine');
    expect(got).toEqual([]);
    expect(() => createLogger('shared').error('boom')).not.toThrow();
    expect(got).toHaveLength(1);
    expect(stderr).toHaveBeenCalledTimes(1);
  });
});
