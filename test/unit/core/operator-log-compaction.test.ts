import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPERATOR_LOG_FILE, OperatorLog } from '../../../electron/core/operator-log';
import type { OperatorEventInput } from '../../../electron/shared/contract';

/**
 * Audit of #28.5 (the operator log keeps exactly what it confirmed): an append that compacts the
 * file (a rewrite from memory) while another append is waiting writes the waiting one's entries
 * too, and the waiting append then adds them again, so after a restart an event is there twice.
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'trust-audit-oplog-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const event = (i: number): OperatorEventInput => ({
  at: Date.UTC(2026, 10, 27, 8, 0, i % 60),
  kind: 'stale',
  deviceKey: `cam-${i}`,
});

describe('two appends, the first of which compacts the file', () => {
  it('keep every confirmed entry once, across a restart', async () => {
    const log = new OperatorLog({ dir, capacity: 5 });
    await log.open();
    for (let i = 0; i < 8; i += 1) await log.append([event(i)]);
    // 8 lines + 2 reach twice the capacity: the first append rewrites the file; the second waits.
    const [first, second] = await Promise.all([
      log.append([event(100), event(101)]),
      log.append([event(200)]),
    ]);
    const confirmed = [...first, ...second].map((e) => e.id);

    const ids = (await readFile(path.join(dir, OPERATOR_LOG_FILE), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids).toEqual([...new Set(ids)]);

    const again = new OperatorLog({ dir, capacity: 5 });
    await again.open();
    const kept = again.list().entries.map((e) => e.id);
    expect(kept).toEqual([...new Set(kept)]);
    for (const id of confirmed) expect(kept).toContain(id);
  });
});
