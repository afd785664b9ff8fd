import { describe, expect, it } from 'vitest';
import { validateLayout } from '../../../electron/shared/layout';
import { ProvisioningFileSchema } from '../../../electron/shared/provisioning';

const base = { id: 'wall', name: 'Wall', profileId: 'p', grid: { columns: 2, rows: 1 } };

describe('parked tiles in a layout', () => {
  it('are kept outside the grid without counting as overlaps or out-of-bounds tiles', () => {
    const result = validateLayout({
      ...base,
      tiles: [{ deviceKey: 'a', column: 1, row: 1 }],
      parked: [
        { deviceKey: 'b', column: 4, row: 4, columnSpan: 2 },
        { deviceKey: 'c', column: 1, row: 1 },
      ],
    });
    expect(result.ok).toBe(true);
    expect(result.ok && result.value.parked).toHaveLength(2);
  });

  it('are optional: a layout saved before them stays valid and reads without them', () => {
    const result = validateLayout({ ...base, tiles: [{ deviceKey: 'a' }] });
    expect(result.ok).toBe(true);
    expect(result.ok && 'parked' in result.value).toBe(false);
  });

  it('are checked like tiles', () => {
    const result = validateLayout({ ...base, tiles: [], parked: [{ deviceKey: ' ', column: 9, row: 1 }] });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.map((p) => p.path)).toEqual([
      'parked[0].deviceKey',
      'parked[0].column',
    ]);
  });

  it('are no part of a provisioning file', () => {
    const parsed = ProvisioningFileSchema.safeParse({
      version: 1,
      layouts: [{ id: 'a', name: 'A', profile: 'p', grid: { columns: 1, rows: 1 }, tiles: [], parked: [] }],
    });
    expect(parsed.success).toBe(false);
  });
});
