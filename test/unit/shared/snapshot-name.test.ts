import { describe, expect, it } from 'vitest';
import { isPng, safeFileStem, snapshotFileName } from '../../../electron/shared/snapshot';

// Local time: the name says what the operator's clock said.
const at = new Date(2026, 10, 24, 23, 59, 1).getTime();

describe('snapshot file names', () => {
  it('are the device name and the local time, with characters every OS takes', () => {
    expect(snapshotFileName('Lobby cam', at)).toBe('Lobby cam 2026-11-24 23-59-01.png');
    expect(snapshotFileName('Gate 3: north/south <east>', at)).toBe(
      'Gate 3- north-south -east- 2026-11-24 23-59-01.png',
    );
    expect(snapshotFileName('a\\b|c?d*e"f', at)).toBe('a-b-c-d-e-f 2026-11-24 23-59-01.png');
    expect(snapshotFileName('  tabs\tand\nnewlines  ', at)).toBe('tabs and newlines 2026-11-24 23-59-01.png');
  });

  it('never hide the file, end in a dot, take a reserved Windows name or run long', () => {
    expect(safeFileStem('..hidden.')).toBe('hidden');
    expect(safeFileStem('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFileStem('CON')).toBe('CON camera');
    expect(safeFileStem('')).toBe('Snapshot');
    expect(safeFileStem('///')).toBe('Snapshot');
    expect(safeFileStem('x'.repeat(300))).toHaveLength(80);
    expect(safeFileStem('Камера 1 门口')).toBe('Камера 1 门口');
  });

  it('knows a PNG by its signature', () => {
    expect(isPng(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(true);
    expect(isPng(new TextEncoder().encode('GIF89a....'))).toBe(false);
    expect(isPng(new Uint8Array([0x89, 0x50]))).toBe(false);
  });
});
