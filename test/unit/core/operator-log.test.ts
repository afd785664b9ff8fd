import { mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../electron/core/core';
import { createLogger } from '../../../electron/core/logger';
import { OPERATOR_LOG_FILE, OperatorLog, operatorLogDir } from '../../../electron/core/operator-log';
import { redactor } from '../../../electron/core/redact';
import type { OperatorEventInput } from '../../../electron/shared/contract';
import { MemoryStore } from '../../fakes/memory-store';
import { TestCipher } from '../../fakes/test-cipher';
import { parseCsv } from '../../support/rfc4180';

const T0 = Date.UTC(2026, 10, 24, 8, 0, 0);
const ev = (i: number, patch: Partial<OperatorEventInput> = {}): OperatorEventInput => ({
  at: T0 + i * 1000,
  kind: 'stale',
  deviceKey: `cam-${i}`,
  deviceName: `Camera ${i}`,
  reason: `no new frame for ${i} s`,
  ...patch,
});

describe('OperatorLog', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'oplog-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps at most its capacity, dropping the oldest first, also across restarts', async () => {
    const log = new OperatorLog({ dir, capacity: 5 });
    await log.open();
    for (let i = 1; i <= 4; i += 1) await log.append([ev(i)]);
    await log.append([ev(5), ev(6), ev(7)]);
    const page = log.list();
    expect(page.total).toBe(5);
    expect(page.entries.map((e) => e.deviceKey)).toEqual(['cam-7', 'cam-6', 'cam-5', 'cam-4', 'cam-3']);

    // Keep appending past twice the capacity: the file is compacted, never grows without bound.
    for (let i = 8; i <= 30; i += 1) await log.append([ev(i)]);
    const lines = (await readFile(path.join(dir, OPERATOR_LOG_FILE), 'utf8')).trim().split('\n');
    expect(lines.length).toBeLessThan(10);

    const again = new OperatorLog({ dir, capacity: 5 });
    await again.open();
    expect(again.list().entries.map((e) => e.deviceKey)).toEqual([
      'cam-30',
      'cam-29',
      'cam-28',
      'cam-27',
      'cam-26',
    ]);
    // Ids go on growing after a restart.
    const [next] = await again.append([ev(31)]);
    expect(next.id).toBe(again.list().entries[1].id + 1);
  });

  it('survives a restart on real files and skips the half line a crash left', async () => {
    const log = new OperatorLog({ dir });
    await log.open();
    await log.append([ev(1, { kind: 'failed' }), ev(2, { kind: 'recovered' })]);
    // A power cut in the middle of a write: half a line at the end.
    await appendFile(path.join(dir, OPERATOR_LOG_FILE), '{"id":3,"at":17,"kind":"sta');

    const reopened = new OperatorLog({ dir, log: createLogger('t', { sink: () => undefined }) });
    await reopened.open();
    expect(reopened.list().entries.map((e) => [e.kind, e.deviceName])).toEqual([
      ['recovered', 'Camera 2'],
      ['failed', 'Camera 1'],
    ]);
    // The next append rewrites the file without the broken line.
    await reopened.append([ev(3, { kind: 'assigned' })]);
    const third = new OperatorLog({ dir });
    await third.open();
    expect(third.list().entries.map((e) => e.kind)).toEqual(['assigned', 'recovered', 'failed']);
    const text = await readFile(path.join(dir, OPERATOR_LOG_FILE), 'utf8');
    expect(text).not.toContain('"sta\n');
  });

  it('filters by kind, by device text (name or key) and by time range, and pages by id', async () => {
    const log = new OperatorLog();
    await log.append([
      ev(1, { kind: 'stale', deviceKey: 'gate-1', deviceName: 'North gate' }),
      ev(2, { kind: 'recovered', deviceKey: 'gate-1', deviceName: 'North gate' }),
      ev(3, { kind: 'failed', deviceKey: 'lobby-2', deviceName: 'Lobby' }),
      ev(4, { kind: 'assigned', deviceKey: 'dock-9', deviceName: 'Loading dock' }),
      ev(5, {
        kind: 'tour-switch',
        deviceKey: undefined,
        deviceName: undefined,
        reason: 'Night tour: page 2',
      }),
    ]);
    const keys = (filter: Parameters<OperatorLog['list']>[0]) =>
      log.list(filter).entries.map((e) => e.at - T0);
    expect(keys({ kinds: ['stale', 'recovered'] })).toEqual([2000, 1000]);
    expect(keys({ device: 'GATE' })).toEqual([2000, 1000]);
    expect(keys({ device: 'dock-9' })).toEqual([4000]);
    expect(keys({ from: T0 + 2000, to: T0 + 4000 })).toEqual([4000, 3000, 2000]);
    expect(keys({ kinds: ['failed', 'stale'], from: T0 + 1500 })).toEqual([3000]);

    const first = log.list({ limit: 2 });
    expect(first).toMatchObject({ total: 5, more: true });
    const second = log.list({ limit: 2, beforeId: first.entries[1].id });
    const third = log.list({ limit: 2, beforeId: second.entries[1].id });
    expect([...first.entries, ...second.entries, ...third.entries].map((e) => e.at - T0)).toEqual([
      5000, 4000, 3000, 2000, 1000,
    ]);
    expect(third.more).toBe(false);
  });

  it('exports RFC 4180 CSV that a strict parser reads back: commas, quotes and line breaks kept', async () => {
    const log = new OperatorLog();
    await log.append([
      ev(1, { deviceName: 'Gate, north', reason: 'the camera said "no"' }),
      ev(2, { kind: 'failed', deviceName: 'Lobby', reason: 'first line\nsecond line' }),
      ev(3, { kind: 'assigned', deviceName: '=HYPERLINK("http://x")', reason: undefined }),
    ]);
    const { csv, rows, fileName } = log.csv({}, T0);
    expect(rows).toBe(3);
    expect(fileName).toMatch(/^operator-log-\d{4}-\d\d-\d\d-\d{4}\.csv$/);
    expect(csv.endsWith('\r\n')).toBe(true);
    const parsed = parseCsv(csv);
    expect(parsed[0]).toEqual(['time', 'time (UTC)', 'event', 'device', 'device key', 'reason']);
    expect(parsed.slice(1).map((r) => r.slice(1))).toEqual([
      ['2026-11-24T08:00:01.000Z', 'stale', 'Gate, north', 'cam-1', 'the camera said "no"'],
      ['2026-11-24T08:00:02.000Z', 'failed', 'Lobby', 'cam-2', 'first line\nsecond line'],
      // A spreadsheet would run a field that starts with "=": it is kept as text.
      ['2026-11-24T08:00:03.000Z', 'assigned', `'=HYPERLINK("http://x")`, 'cam-3', ''],
    ]);
    expect(parsed.every((r) => r.length === 6)).toBe(true);
    expect(parsed[1][0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // The filter applies to the export too.
    expect(parseCsv(log.csv({ kinds: ['failed'] }).csv)).toHaveLength(2);
  });

  it('never keeps a secret or the query of a URL', async () => {
    const secret = 'CANARY-oplog-secret-9f3e';
    redactor.add(secret);
    const log = new OperatorLog({ dir });
    await log.append([
      ev(1, {
        reason: `ws://media:8080/live/cam1.live.flv?secret=abc123def&x=1 failed; authSecret=${secret}\u0007`,
        deviceName: `Cam\twith ${secret}`,
      }),
    ]);
    const [entry] = log.list().entries;
    expect(entry.reason).toBe('ws://media:8080/live/cam1.live.flv failed; authSecret=[REDACTED]');
    expect(entry.deviceName).toBe('Cam with [REDACTED]');
    const text = await readFile(path.join(dir, OPERATOR_LOG_FILE), 'utf8');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('abc123def');
  });

  it('keeps an event’s structured words across a restart, cleaned as its reason is; the CSV keeps the English reason', async () => {
    const secret = 'CANARY-oplog-words-7c1d';
    redactor.add(secret);
    const log = new OperatorLog({ dir });
    await log.open();
    await log.append([
      ev(1, {
        kind: 'failed',
        reason: 'Network problem: ws://m:1/a.flv failed',
        words: {
          kind: 'tile-trouble',
          failure: { reason: 'network', detail: `ws://m:1/a.flv?secret=abc123def failed; ${secret}` },
        },
      }),
      ev(2, {
        kind: 'tour-switch',
        reason: 'Night rounds: page 2 of 3 (Yard)',
        words: { kind: 'tour-page', tour: 'Night rounds', page: 2, of: 3, view: 'Yard' },
      }),
      ev(3, { reason: 'written the old way' }),
    ]);
    await log.flush();
    const again = new OperatorLog({ dir });
    await again.open();
    const [old, tour, failed] = again.list().entries;
    expect(failed.words).toEqual({
      kind: 'tile-trouble',
      failure: { reason: 'network', detail: 'ws://m:1/a.flv failed; [REDACTED]' },
    });
    expect(tour.words).toEqual({ kind: 'tour-page', tour: 'Night rounds', page: 2, of: 3, view: 'Yard' });
    expect(old.words).toBeUndefined();
    const text = await readFile(path.join(dir, OPERATOR_LOG_FILE), 'utf8');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('abc123def');
    const rows = parseCsv(again.csv({}, T0).csv);
    expect(rows[0]).toEqual(['time', 'time (UTC)', 'event', 'device', 'device key', 'reason']);
    expect(rows.map((r) => r[5])).toContain('Night rounds: page 2 of 3 (Yard)');
  });

  it('refuses an append the disk does not take (storage, with the cause), keeps none of it, and appends again once it can', async () => {
    const blocker = path.join(dir, 'not-a-folder');
    await writeFile(blocker, 'x');
    const lines: string[] = [];
    const log = new OperatorLog({ dir: blocker, log: createLogger('t', { sink: (l) => lines.push(l) }) });
    await log.open();
    await expect(log.append([ev(1)])).rejects.toMatchObject({
      kind: 'storage',
      message: expect.stringContaining('The operator log could not be saved'),
    });
    await expect(log.append([ev(2)])).rejects.toMatchObject({ kind: 'storage' });
    // Not confirmed, so not kept: not listed, not written later.
    expect(log.list().total).toBe(0);
    expect(lines.filter((l) => l.includes('could not be written'))).toHaveLength(1);
    await rm(blocker);
    await log.append([ev(3)]);
    const reopened = new OperatorLog({ dir: blocker });
    await reopened.open();
    expect(reopened.list().entries.map((e) => e.deviceKey)).toEqual(['cam-3']);
  });
});

describe('oplog channels', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'oplog-core-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const core = () =>
    createCore({
      cipher: new TestCipher(),
      store: new MemoryStore(),
      logger: createLogger('core', { sink: () => undefined }),
      app: { shell: 'web' },
      operatorLogDir: operatorLogDir(dir),
    });

  it('appends a batch, announces it, lists and exports it; a new core reads it back', async () => {
    const first = await core();
    const heard: unknown[] = [];
    first.on('oplog:appended', (p) => heard.push(p));
    const appended = await first.call('oplog:append', { events: [ev(1), ev(2, { kind: 'recovered' })] });
    expect(appended).toEqual({ ok: true, value: { appended: 2 } });
    expect(heard).toEqual([{ lastId: 2, count: 2 }]);

    const second = await core();
    const listed = await second.call('oplog:list', { kinds: ['recovered'] });
    expect(listed.ok && listed.value.entries.map((e) => e.deviceKey)).toEqual(['cam-2']);
    const csv = await second.call('oplog:csv', undefined);
    expect(csv.ok && parseCsv(csv.value.csv)).toHaveLength(3);
  });

  it('refuses what is too long or of an unknown kind, naming where', async () => {
    const c = await core();
    const long = await c.call('oplog:append', { events: [ev(1, { reason: 'x'.repeat(501) })] });
    expect(long.ok).toBe(false);
    expect(!long.ok && long.error.details?.[0].path).toBe('events[0].reason');
    const kind = await c.call('oplog:append', { events: [{ at: T0, kind: 'exploded' }] });
    expect(!kind.ok && kind.error.details?.[0].path).toBe('events[0].kind');
    const many = await c.call('oplog:append', { events: Array.from({ length: 501 }, (_, i) => ev(i)) });
    expect(!many.ok && many.error.details?.[0].path).toBe('events');
    expect(
      (await c.call('oplog:list', undefined)).ok && (await c.call('oplog:list', undefined)),
    ).toMatchObject({
      value: { total: 0 },
    });
  });
});
