import { describe, expect, it } from 'vitest';
import {
  DraftArchive,
  draftStorageKey,
  parseStoredDraft,
  serializeDraft,
  type DraftStore,
} from '../../../../../src/features/templates/draft-storage';
import { blankDraft } from '../../../../../src/features/templates/template-draft';

class MemoryStorage implements DraftStore {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const sample = () => ({ ...blankDraft('p1'), name: 'Cold store' });

describe('draft storage', () => {
  it('round-trips a draft with its version and time', () => {
    const draft = sample();
    const text = serializeDraft(draft, 1234);
    expect(JSON.parse(text)).toMatchObject({ version: 1, savedAt: 1234 });
    expect(parseStoredDraft(text)).toEqual({ draft, savedAt: 1234 });
  });

  it('reads nothing from missing, broken, foreign or future drafts', () => {
    expect(parseStoredDraft(null)).toBeNull();
    expect(parseStoredDraft('{oops')).toBeNull();
    expect(parseStoredDraft(JSON.stringify({ version: 2, savedAt: 1, draft: sample() }))).toBeNull();
    expect(parseStoredDraft(JSON.stringify({ version: 1, savedAt: 1, draft: { name: 3 } }))).toBeNull();
  });

  it('keeps one draft per profile', () => {
    const storage = new MemoryStorage();
    const archive = new DraftArchive(() => storage);
    archive.save('a', { ...sample(), name: 'A' }, 1);
    archive.save('b', { ...sample(), name: 'B' }, 2);
    archive.save(null, { ...sample(), name: 'none' }, 3);
    expect(archive.load('a')?.draft.name).toBe('A');
    expect(archive.load('b')?.draft.name).toBe('B');
    expect(archive.load(null)?.draft.name).toBe('none');
    expect(draftStorageKey('a')).not.toBe(draftStorageKey('b'));
    archive.clear('a');
    expect(archive.load('a')).toBeNull();
    expect(archive.load('b')?.draft.name).toBe('B');
  });

  it('reports a storage that refuses to write instead of throwing', () => {
    const full: DraftStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(new DraftArchive(() => full).save('a', sample(), 1)).toEqual({
      ok: false,
      message: 'QuotaExceededError',
    });
    expect(new DraftArchive(() => undefined).save('a', sample(), 1)).toEqual({
      ok: false,
      message: 'this window has no local storage',
    });
  });
});
