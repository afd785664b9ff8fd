import { describe, expect, it } from 'vitest';
import {
  DraftArchive,
  draftKey,
  keptAsideKey,
  legacyDraftKey,
  readStoredDraft,
  storedDraftValue,
} from '../../../../../src/features/templates/draft-storage';
import { blankDraft } from '../../../../../src/features/templates/template-draft';
import { MemoryLegacyStorage, MemoryUiState, networkDown } from './memory-ui-state';

const sample = (name = 'Cold store') => ({ ...blankDraft('p1'), name });

function setUp(now = 1000) {
  const ui = new MemoryUiState();
  const legacy = new MemoryLegacyStorage();
  const archive = new DraftArchive(
    ui,
    () => legacy,
    () => now,
  );
  return { ui, legacy, archive };
}

describe('draft storage', () => {
  it('round-trips a draft with its version and time through the core', async () => {
    const { ui, archive } = setUp();
    const draft = sample();
    expect(await archive.save('a', draft, 1234)).toEqual({ ok: true });
    expect(ui.items.get('templates.draft.a')).toMatchObject({ version: 1, savedAt: 1234 });
    expect(await archive.load('a')).toEqual({ ok: true, stored: { draft, savedAt: 1234 }, keptAside: null });
  });

  it('reads nothing from missing, broken, foreign or future drafts', () => {
    expect(readStoredDraft(null)).toBeNull();
    expect(readStoredDraft('{oops')).toBeNull();
    expect(readStoredDraft({ version: 2, savedAt: 1, draft: sample() })).toBeNull();
    expect(readStoredDraft({ version: 1, savedAt: 1, draft: { name: 3 } })).toBeNull();
    // localStorage kept the same shape as JSON text.
    const draft = sample();
    expect(readStoredDraft(JSON.stringify(storedDraftValue(draft, 5)))).toEqual({ draft, savedAt: 5 });
  });

  it('keeps one draft per profile, under keys the core accepts', async () => {
    const { archive } = setUp();
    await archive.save('a', sample('A'), 1);
    await archive.save('b', sample('B'), 2);
    await archive.save(null, sample('none'), 3);
    const name = async (id: string | null) => {
      const loaded = await archive.load(id);
      return loaded.ok ? loaded.stored?.draft.name : loaded.message;
    };
    expect([await name('a'), await name('b'), await name(null)]).toEqual(['A', 'B', 'none']);
    await archive.clear('a');
    expect(await name('a')).toBeUndefined();
    expect(await name('b')).toBe('B');
    for (const key of [draftKey('a'), draftKey(null), keptAsideKey('x'.repeat(64), Date.now())])
      expect(key).toMatch(/^[A-Za-z0-9._:-]{1,120}$/);
  });

  it('says why in plain words when the core cannot keep the draft, and never claims a save', async () => {
    const { ui, archive } = setUp();
    ui.setError = () => networkDown;
    expect(await archive.save('a', sample(), 1)).toEqual({
      ok: false,
      message: 'the wall service does not answer',
    });
    ui.setError = () => ({
      kind: 'invalid-input',
      message: 'The value for "templates.draft.a" is 300 KiB; at most 256 KiB is kept.',
      code: 'uiState.tooLarge',
      params: { key: 'templates.draft.a', kib: 300, max: 256 },
    });
    expect(await archive.save('a', sample(), 1)).toEqual({
      ok: false,
      message: 'the draft is too large to keep (at most 256 KiB)',
    });
  });

  it('reports a core that cannot be read instead of starting over (nothing may be overwritten)', async () => {
    const { ui, archive } = setUp();
    await archive.save('a', sample(), 1);
    ui.getError = networkDown;
    expect(await archive.load('a')).toEqual({ ok: false, message: 'the wall service does not answer' });
    expect(ui.items.has('templates.draft.a')).toBe(true);
  });

  it('keeps an unreadable draft aside under its own key with its text, and frees its place', async () => {
    const { ui, archive } = setUp(777);
    const broken = { version: 1, savedAt: 55, draft: { name: 'half', parameters: 'not a list' } };
    ui.items.set('templates.draft.a', broken);
    const loaded = await archive.load('a');
    expect(loaded).toEqual({
      ok: true,
      stored: null,
      keptAside: {
        reason: 'unreadable',
        key: 'templates.draft.a.unreadable-777',
        text: JSON.stringify(broken, null, 2),
        savedAt: 55,
      },
    });
    expect(ui.items.get('templates.draft.a.unreadable-777')).toEqual({
      keptAt: 777,
      reason: 'unreadable',
      text: JSON.stringify(broken, null, 2),
    });
    expect(ui.items.has('templates.draft.a')).toBe(false);
  });

  it('leaves an unreadable draft where it is when it cannot be kept aside, and offers its text', async () => {
    const { ui, archive } = setUp();
    ui.items.set('templates.draft.a', 'garbage');
    ui.setError = (key) => (key.includes('unreadable') ? networkDown : null);
    const loaded = await archive.load('a');
    expect(loaded.ok && loaded.keptAside).toMatchObject({ key: null, text: 'garbage', reason: 'unreadable' });
    expect(ui.items.get('templates.draft.a')).toBe('garbage');
  });

  it('moves a draft from localStorage to the core once, then forgets the local copy', async () => {
    const { ui, legacy, archive } = setUp();
    legacy.setItem(legacyDraftKey('a'), JSON.stringify(storedDraftValue(sample('Typed on port 47800'), 9)));
    const loaded = await archive.load('a');
    expect(loaded.ok && loaded.stored?.draft.name).toBe('Typed on port 47800');
    expect(ui.items.get('templates.draft.a')).toMatchObject({ savedAt: 9 });
    expect(legacy.items.size).toBe(0);
    // Sent (cleared) later: the old local copy does not come back.
    await archive.clear('a');
    const again = await archive.load('a');
    expect(again.ok && again.stored).toBeNull();
  });

  it('keeps the local copy while the core cannot take it', async () => {
    const { ui, legacy, archive } = setUp();
    legacy.setItem(legacyDraftKey('a'), JSON.stringify(storedDraftValue(sample('Local'), 9)));
    ui.setError = () => networkDown;
    const loaded = await archive.load('a');
    expect(loaded.ok && loaded.stored?.draft.name).toBe('Local');
    expect(legacy.items.size).toBe(1);
  });

  it('keeps the newer of a local and a core draft and sets the other aside', async () => {
    const { ui, legacy, archive } = setUp(500);
    await archive.save('a', sample('In the core'), 20);
    legacy.setItem(legacyDraftKey('a'), JSON.stringify(storedDraftValue(sample('Older, local'), 10)));
    const loaded = await archive.load('a');
    expect(loaded.ok && loaded.stored?.draft.name).toBe('In the core');
    expect(loaded.ok && loaded.keptAside).toMatchObject({
      reason: 'second-copy',
      key: 'templates.draft.a.unreadable-500',
      savedAt: 10,
    });
    expect(JSON.stringify(ui.items.get('templates.draft.a.unreadable-500'))).toContain('Older, local');
    expect(legacy.items.size).toBe(0);
  });

  it('keeps an unreadable local draft aside too', async () => {
    const { ui, legacy, archive } = setUp(600);
    legacy.setItem(legacyDraftKey(null), '{"version":1,"savedAt":3,"draft":');
    const loaded = await archive.load(null);
    expect(loaded.ok && loaded.keptAside).toMatchObject({
      reason: 'unreadable',
      key: keptAsideKey(null, 600),
    });
    expect(ui.items.get(keptAsideKey(null, 600))).toMatchObject({
      text: '{"version":1,"savedAt":3,"draft":',
    });
    expect(legacy.items.size).toBe(0);
  });
});
