import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFileLogging, type FileLogging } from '../../../electron/core/log-file';
import { createLogger } from '../../../electron/core/logger';
import { REDACTED, redactor } from '../../../electron/core/redact';
import { playbackUrls } from '../../../electron/demo-platform/media/playback-urls';
import { SECRET_FIELD_NAMES } from '../../../electron/shared/domain';

/** time, level, scope, message: every line of the file. */
const LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (DEBUG|INFO |WARN |ERROR) \[[\w:-]+\] \S.*$/;

let dataDir: string;
let logging: FileLogging | undefined;
let stderr: string[];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'log-file-'));
  stderr = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((text) => {
    stderr.push(String(text));
    return true;
  });
});
afterEach(async () => {
  await logging?.close();
  logging = undefined;
  vi.restoreAllMocks();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every file in the logs folder, oldest first, as lines. */
async function allLines(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).sort((a, b) => index(b) - index(a));
  const texts = await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')));
  return texts.join('').split('\n').filter(Boolean);
}
const index = (name: string): number => Number(/\.(\d+)\.log$/.exec(name)?.[1] ?? 0);

describe('startFileLogging', () => {
  it('writes every default logger to <data>/logs/wall.log and stderr, each line with time, level, scope, message', async () => {
    const early = createLogger('vault'); // module-level loggers are made before the file is known
    logging = startFileLogging(dataDir);
    expect(logging.file).toBe(path.join(dataDir, 'logs', 'wall.log'));
    const log = logging.logger('platform', { level: 'debug' });
    early.info('unlocked');
    log.debug('GET /products', { ms: 12 });
    log.child('http').warn('slow\nsecond line');
    createLogger('wall').error('tile 3 stalled', { error: new Error('timeout') });
    await logging.flush();

    const lines = (await readFile(logging.file, 'utf8')).split('\n').filter(Boolean);
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(LINE);
    expect(lines[0]).toMatch(/INFO {2}\[vault\] unlocked$/);
    expect(lines[1]).toMatch(/DEBUG \[platform\] GET \/products \{"ms":12\}$/);
    expect(lines[2]).toMatch(/WARN {2}\[platform:http\] slow\\nsecond line$/);
    expect(lines[3]).toMatch(
      /ERROR \[wall\] tile 3 stalled \{"error":\{"name":"Error","message":"timeout"\}\}$/,
    );
    expect(stderr).toEqual(lines.map((line) => `${line}\n`));
  });

  it('rotates within its bounds under a flood, keeping the newest lines in the current file', async () => {
    logging = startFileLogging(dataDir, { maxBytes: 4096, maxFiles: 3 });
    const log = createLogger('flood');
    for (let n = 1; n <= 500; n += 1) log.info(`line ${n} ${'x'.repeat(40)}`);
    await logging.flush();

    const names = (await readdir(logging.dir)).sort();
    expect(names).toEqual(['wall.1.log', 'wall.2.log', 'wall.log']);
    const current = (await readFile(logging.file, 'utf8')).split('\n').filter(Boolean);
    expect(current.at(-1)).toMatch(/\[flood\] line 500 x+$/);
    const lines = await allLines(logging.dir);
    for (const line of lines) expect(line).toMatch(LINE);
    const numbers = lines.map((line) => Number(/line (\d+)/.exec(line)?.[1]));
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => 500 - numbers.length + 1 + i));
  });

  it('never lets a secret reach the disk: every field name in query, JSON and header form, stream URLs, bare values', async () => {
    const bare = 'CANARY-registered-5e1d';
    redactor.add(bare);
    const streamSecret = 'CANARYstream0a1b2c3d4e5f60718293a';
    const urls = playbackUrls({
      host: '10.0.0.7',
      port: 8080,
      app: 'live',
      streamId: 'cam1',
      secret: streamSecret,
    });
    // Small files so the lines are spread over rotated files too.
    logging = startFileLogging(dataDir, { maxBytes: 2048, maxFiles: 50 });
    const log = createLogger('platform');
    for (const name of SECRET_FIELD_NAMES) {
      const value = `CANARY-${name}-not-registered`;
      log.info(`GET /api/devices?page=1&${name}=${value}&pageSize=100`);
      log.info(`response body {"${name}":"${value}","ok":true}`);
      log.info(`request headers ${name}: ${value}, accept: application/json`);
      log.warn('request failed', { url: `http://h/p?${name}=${value}`, headers: { [name]: value } });
    }
    for (const url of Object.values(urls)) log.info(`tile 1 plays ${url}`);
    log.info('streamStart', { playback: urls });
    log.error(`device refused ${bare} today`);
    log.error('echo', { error: new Error(`server echoed ${bare}`) });
    await logging.close();

    const files = await readdir(logging.dir);
    expect(files.length).toBeGreaterThan(1);
    const text = (await allLines(logging.dir)).join('\n');
    expect(text).not.toContain('CANARY');
    for (const name of SECRET_FIELD_NAMES) {
      expect(text).toContain(`GET /api/devices?page=1&${name}=${REDACTED}&pageSize=100`);
      expect(text).toContain(`response body {"${name}":"${REDACTED}","ok":true}`);
      expect(text).toContain(`request headers ${name}: ${REDACTED}, accept: application/json`);
      expect(text).toContain(`{"url":"http://h/p?${name}=${REDACTED}","headers":{"${name}":"${REDACTED}"}}`);
    }
    for (const url of Object.values(urls))
      expect(text).toContain(`tile 1 plays ${url.replace(streamSecret, REDACTED)}`);
    expect(text).toContain(`"flv":"http://10.0.0.7:8080/live/cam1.live.flv?secret=${REDACTED}"`);
    expect(text).toContain(`device refused ${REDACTED} today`);
    expect(text).toContain(`"message":"server echoed ${REDACTED}"`);
    expect(text).not.toContain(`${REDACTED}]`);
    // stderr got the same redacted lines.
    expect(stderr.join('')).not.toContain('CANARY');
  });

  it('stops writing the file on close (stderr goes on), and tails the log', async () => {
    logging = startFileLogging(dataDir);
    const log = createLogger('web-shell');
    log.info('before close');
    expect(await logging.tail()).toMatch(/\[web-shell\] before close\n$/);
    await logging.close();
    log.info('after close');
    expect(await readFile(logging.file, 'utf8')).not.toContain('after close');
    expect(stderr.at(-1)).toContain('after close');
  });

  it('reports a log file it cannot write on stderr, and logging goes on', async () => {
    await rm(dataDir, { recursive: true });
    await import('node:fs/promises').then((fs) => fs.writeFile(dataDir, 'not a folder'));
    logging = startFileLogging(dataDir);
    const log = createLogger('main');
    expect(() => log.info('still logged')).not.toThrow();
    await logging.flush();
    expect(stderr.join('')).toContain('still logged');
    expect(stderr.join('')).toMatch(/WARN {2}\[log-file\] log file .* failed/);
  });
});
