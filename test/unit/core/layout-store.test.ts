import { describe, expect, it } from 'vitest';
import { LayoutStore } from '../../../electron/core/layout-store';
import type { NoticeInput } from '../../../electron/core/ports';
import { MemoryStore } from '../../fakes/memory-store';

const layout = (id: string, extra: object = {}) => ({
  id,
  name: `Wall ${id}`,
  profileId: 'p',
  grid: { columns: 2, rows: 2 },
  tiles: [{ deviceKey: 'd1' }],
  ...extra,
});

describe('LayoutStore', () => {
  it('inserts and replaces by id, keeping the order, and removes', async () => {
    const store = new LayoutStore(new MemoryStore(), () => undefined);
    await store.saveMany([layout('a'), layout('b')]);
    await store.saveMany([layout('a', { name: 'Renamed' })]);
    expect((await store.list()).map((l) => [l.id, l.name])).toEqual([
      ['a', 'Renamed'],
      ['b', 'Wall b'],
    ]);
    expect(await store.remove('a')).toBe(true);
    expect(await store.remove('a')).toBe(false);
    await expect(
      store.saveMany([
        layout('c', { grid: { columns: 1, rows: 1 }, tiles: [{ deviceKey: 'x' }, { deviceKey: 'y' }] }),
      ]),
    ).rejects.toThrow('no free 1×1 space');
  });

  it('migrates a bare list (format 0) and keeps the layouts that validate when one does not', async () => {
    const memory = new MemoryStore();
    const notices: NoticeInput[] = [];
    memory.values.set(
      'layouts',
      JSON.stringify([layout('ok'), layout('broken', { tiles: [{ deviceKey: 'x', column: 3, row: 1 }] })]),
    );
    const store = new LayoutStore(memory, (n) => notices.push(n));
    expect((await store.list()).map((l) => l.id)).toEqual(['ok']);
    expect(notices).toHaveLength(1);
    expect(notices[0].message).toContain('left out: "Wall broken"');
    // The whole original is kept aside where a person can find it.
    expect(memory.aside.get(notices[0].keptAt!)).toContain('"broken"');
    expect(JSON.parse(memory.values.get('layouts')!)).toEqual({
      version: 1,
      data: { layouts: [expect.objectContaining({ id: 'ok' })] },
    });
  });
});
