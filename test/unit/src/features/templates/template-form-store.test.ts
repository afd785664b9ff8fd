import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result, TemplateHistoryEntry } from '../../../../../electron/shared/contract';
import type { ArchiveTemplateResult, ArchiveTemplateSaveDto } from '../../../../../electron/shared/domain';
import { MemoryLegacyStorage, MemoryUiState, networkDown } from './memory-ui-state';

// The store talks to the core only through the bridge: a scripted one stands in for it here, with
// the core's ui state in memory.
const calls: { create: unknown[]; history: unknown[] } = { create: [], history: [] };
let createAnswer: Result<ArchiveTemplateResult>;
let historyAnswer: Result<TemplateHistoryEntry[]>;
const ui = vi.hoisted(() => ({ state: undefined as unknown as MemoryUiState }));
vi.mock('../../../../../src/lib/bridge', () => ({
  api: {
    templates: {
      create: async (input: unknown) => {
        calls.create.push(input);
        return createAnswer;
      },
      history: async (input: unknown) => {
        calls.history.push(input);
        return historyAnswer;
      },
    },
    ui: {
      get: ({ key }: { key: string }) => ui.state.get(key),
      set: ({ key, value }: { key: string; value: unknown }) => ui.state.set(key, value),
    },
  },
}));

const { useTemplateFormStore } = await import('../../../../../src/features/templates/template-form-store');
const { startDraftAutosave } = await import('../../../../../src/features/templates/draft-autosave');
const { draftKey, legacyDraftKey, storedDraftValue } =
  await import('../../../../../src/features/templates/draft-storage');
const { blankDraft } = await import('../../../../../src/features/templates/template-draft');

const store = () => useTemplateFormStore.getState();
let legacy: MemoryLegacyStorage;
let profileCounter = 0;
const nextProfile = () => `profile-${++profileCounter}`;
const stored = (profileId: string | null) => ui.state.items.get(draftKey(profileId));

/** Fill the open draft with a valid one-parameter template. */
function fillValid(name = 'Cold store') {
  const key = store().draft.parameters[0].key;
  store().editField('name', name);
  store().editParameter(key, 'identifier', 'temp');
  store().editParameter(key, 'name', 'Temperature');
  store().changeType(key, 'DOUBLE');
  store().editMapValue(key, 'min', '-30');
  store().editMapValue(key, 'max', '1e1');
  return key;
}

beforeEach(async () => {
  historyAnswer = { ok: true, value: [] };
  createAnswer = { ok: true, value: { projectKey: 'proj-1', templateId: 7, templateName: 'Cold store' } };
  ui.state = new MemoryUiState();
  legacy = new MemoryLegacyStorage();
  vi.stubGlobal('localStorage', legacy);
  // A fresh profile id per test: openFor saves the last test's draft (in its own ui state) and takes
  // up this profile's, which is empty.
  await store().openFor(nextProfile(), 'proj-1');
  ui.state.writes.length = 0;
  calls.create = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('useTemplateFormStore', () => {
  it('starts a new draft with the profile project key and asks for its history', async () => {
    expect(store().draft.projectKey).toBe('proj-1');
    expect(store().draft.parameters).toHaveLength(1);
    await vi.waitFor(() => expect(store().historyStatus).toBe('ready'), { timeout: 10_000 });
    expect(calls.history.at(-1)).toEqual({ profileId: `profile-${profileCounter}` });
  });

  it('takes up the stored draft of a profile', async () => {
    const saved = { ...blankDraft('proj-x'), name: 'Saved before' };
    ui.state.items.set(draftKey('other'), storedDraftValue(saved, 5));
    await store().openFor('other', 'proj-1');
    expect(store().draft).toEqual(saved);
    expect(store().draftSavedAt).toBe(5);
    expect(store().savedDraft).toBe(store().draft);
  });

  it('sends nothing while a problem remains, and shows them all', async () => {
    store().editField('name', 'x');
    expect(await store().send()).toBe(false);
    expect(calls.create).toEqual([]);
    expect(store().revealAll).toBe(true);
  });

  it('sends the wire DTO with the project key and profile, shows the result and clears the draft', async () => {
    fillValid();
    await store().saveDraftNow();
    expect(stored(store().profileId)).toBeDefined();
    expect(await store().send()).toBe(true);
    expect(calls.create).toEqual([
      {
        profileId: `profile-${profileCounter}`,
        projectKey: 'proj-1',
        template: {
          desc: '',
          name: 'Cold store',
          parameters: [
            { dataType: 'DOUBLE', identifier: 'temp', name: 'Temperature', map: { min: '-30', max: '10' } },
          ],
        } satisfies ArchiveTemplateSaveDto,
      },
    ]);
    expect(store().result).toEqual({ projectKey: 'proj-1', templateId: 7, templateName: 'Cold store' });
    expect(store().draft.name).toBe('');
    expect(store().draft.projectKey).toBe('proj-1');
    expect(stored(store().profileId)).toBeUndefined();
  });

  it('keeps everything on a rejection and puts the server words at the field and the top', async () => {
    createAnswer = {
      ok: false,
      error: {
        kind: 'invalid-request',
        status: 409,
        message: 'A template named "Cold store" already exists in this project.',
        details: [
          { path: 'name', message: 'a template with this name already exists in the project' },
          { path: 'quota', message: 'only 3 left' },
        ],
      },
    };
    fillValid();
    const before = store().draft;
    expect(await store().send()).toBe(false);
    expect(store().draft).toBe(before);
    expect(store().external).toMatchObject({
      name: [{ message: 'a template with this name already exists in the project' }],
    });
    expect(store().top).toMatchObject([
      {
        source: 'server',
        title: 'The platform refused the template',
        message: 'A template named "Cold store" already exists in this project.',
        status: 409,
        details: [{ path: 'quota', message: 'only 3 left' }],
      },
    ]);
    // Changing the name answers the server's remark about it.
    store().editField('name', 'Cold store 2');
    expect(store().external).toEqual({});
  });

  it('keeps a server remark on its parameter when parameters move', async () => {
    createAnswer = {
      ok: false,
      error: {
        kind: 'invalid-request',
        status: 400,
        message: 'bad',
        details: [{ path: 'parameters[0].identifier', message: 'reserved word' }],
      },
    };
    const first = fillValid();
    const second = store().addParameter();
    store().editParameter(second, 'identifier', 'b');
    store().editParameter(second, 'name', 'B');
    await store().send();
    store().moveParameter(first, 1);
    expect(store().draft.parameters.map((p) => p.key)).toEqual([second, first]);
    expect(store().external).toMatchObject({ [`param:${first}:identifier`]: [{ message: 'reserved word' }] });
  });

  it('removes a parameter with an undo that puts it back in place', () => {
    const first = fillValid();
    const second = store().addParameter();
    store().removeParameter(first);
    expect(store().draft.parameters.map((p) => p.key)).toEqual([second]);
    store().undoRemove();
    expect(store().draft.parameters.map((p) => p.key)).toEqual([first, second]);
    expect(store().draft.parameters[0].identifier).toBe('temp');
  });

  it('loads an import into the form, invalid parts included, with its remarks', async () => {
    const result = store().loadTemplate('import', {
      name: 'Imported',
      desc: '',
      extraField: 1,
      parameters: [
        {
          dataType: 'INTEGER',
          identifier: 'a',
          name: 'A',
          map: { max: JSON.parse('12345678901234567890') as number },
        },
      ],
    });
    expect(result.ok).toBe(true);
    expect(store().draft.name).toBe('Imported');
    expect(store().draft.projectKey).toBe('proj-1');
    expect(store().revealAll).toBe(true);
    const key = store().draft.parameters[0].key;
    expect(store().external[`param:${key}:map.max`]?.[0]?.message).toMatch(/loses digits/);
    expect(store().top[0].message).toContain('extraField');
    // Saved at once: a reload right after an import keeps it.
    await vi.waitFor(() => expect(JSON.stringify(stored(store().profileId))).toContain('Imported'), {
      timeout: 10_000,
    });
  });

  it('keeps every typed value across a type change and takes an imported extra key the new type accepts', () => {
    store().loadTemplate('import', {
      name: 'n',
      desc: '',
      parameters: [
        { dataType: 'STRING', identifier: 'a', name: 'A', map: { max: '32', min: '3', pattern: 'x' } },
      ],
    });
    const key = store().draft.parameters[0].key;
    expect(store().draft.parameters[0].extra).toEqual({ min: '3', pattern: 'x' });
    store().changeType(key, 'INTEGER');
    expect(store().draft.parameters[0].values).toMatchObject({ min: '3', max: '32' });
    expect(store().draft.parameters[0].extra).toEqual({ pattern: 'x' });
    store().editMapValue(key, 'step', '2');
    store().changeType(key, 'STRING');
    // Hidden, not lost: back to a number type and they are there.
    store().changeType(key, 'DOUBLE');
    expect(store().draft.parameters[0].values).toEqual({ min: '3', max: '32', step: '2', unitName: '' });
  });

  it('discards the draft and its stored copy', async () => {
    fillValid();
    await store().saveDraftNow();
    store().discard();
    expect(store().draft.name).toBe('');
    await vi.waitFor(() => expect(stored(store().profileId)).toBeUndefined(), { timeout: 10_000 });
  });

  it('saves the draft 300 ms after the last change', async () => {
    vi.useFakeTimers();
    const stop = startDraftAutosave(300);
    const name = () => (stored(store().profileId) as { draft?: { name: string } } | undefined)?.draft?.name;
    store().editField('name', 'A');
    await vi.advanceTimersByTimeAsync(200);
    store().editField('name', 'AB');
    await vi.advanceTimersByTimeAsync(299);
    expect(name()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(name()).toBe('AB');
    expect(store().savedDraft).toBe(store().draft);
    store().editField('name', 'ABC');
    // Stopping (the panel closing) writes what is pending.
    stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(name()).toBe('ABC');
  });

  it('keeps the project key after a send, remembers it for the profile and starts the next draft with it', async () => {
    const user = nextProfile();
    await store().openFor(user, '');
    expect(store().draft.projectKey).toBe('');
    fillValid();
    store().editField('projectKey', ' pj-typed ');
    createAnswer = { ok: true, value: { projectKey: 'pj-typed', templateId: 8, templateName: 'Cold store' } };
    expect(await store().send()).toBe(true);
    expect(store().draft.name).toBe('');
    expect(store().draft.projectKey).toBe('pj-typed');
    expect(store().knownKeys).toEqual(['pj-typed']);
    await vi.waitFor(
      () => expect(ui.state.items.get(`templates.project-keys.${user}`)).toEqual(['pj-typed']),
      { timeout: 10_000 },
    );
    // Later (a reload, another profile in between): a new draft of this profile starts with it.
    await store().openFor(nextProfile(), '');
    await store().openFor(user, '');
    expect(store().draft.projectKey).toBe('pj-typed');
    expect(store().knownKeys).toEqual(['pj-typed']);
  });

  it('offers the keys of templates created before, after the remembered ones', async () => {
    const entry = (projectKey: string, templateId: number): TemplateHistoryEntry => ({
      profileId: 'x',
      projectKey,
      templateId,
      templateName: 't',
      createdAt: 1,
      template: { name: 't', desc: '', parameters: [] },
    });
    historyAnswer = { ok: true, value: [entry('pj-b', 1), entry('pj-a', 2), entry('pj-b', 3)] };
    const id = nextProfile();
    ui.state.items.set(`templates.project-keys.${id}`, ['pj-a', 'pj-z']);
    await store().openFor(id, '');
    await vi.waitFor(() => expect(store().historyStatus).toBe('ready'), { timeout: 10_000 });
    expect(store().knownKeys).toEqual(['pj-a', 'pj-z', 'pj-b']);
  });

  it('says which project key the platform does not know, at the key field', async () => {
    createAnswer = {
      ok: false,
      error: { kind: 'not-found', status: 404, message: 'No project "pj-nope".' },
    };
    fillValid();
    store().editField('projectKey', 'pj-nope');
    expect(await store().send()).toBe(false);
    const problem = 'No project with key “pj-nope” on this platform: check the key';
    expect(store().external.projectKey).toEqual([{ message: problem }]);
    expect(store().top[0]).toMatchObject({ title: problem, message: 'No project "pj-nope".', status: 404 });
    expect(store().knownKeys).toEqual([]);
    // Changing the key answers it.
    store().editField('projectKey', 'proj-1');
    expect(store().external.projectKey).toBeUndefined();
  });

  it('says "Not saved" when the core refuses the draft, and "saved" only once it holds it', async () => {
    ui.state.setError = () => networkDown;
    fillValid();
    await store().saveDraftNow();
    expect(store().draftError).toBe('the wall service does not answer');
    expect(store().savedDraft).toBeNull();
    ui.state.setError = () => null;
    await store().saveDraftNow();
    expect(store().draftError).toBeNull();
    expect(store().savedDraft).toBe(store().draft);
  });

  it("shows nothing and overwrites nothing when a profile's draft cannot be read", async () => {
    const id = nextProfile();
    ui.state.items.set(draftKey(id), storedDraftValue({ ...blankDraft('k'), name: 'Precious' }, 3));
    ui.state.getError = networkDown;
    await store().openFor(id, '');
    expect(store().openError).toEqual({ profileId: id, message: 'the wall service does not answer' });
    expect(store().openedFor).not.toBe(id);
    await store().saveDraftNow();
    expect(stored(id)).toMatchObject({ draft: { name: 'Precious' } });
    // Retried once the core answers: the draft is there.
    ui.state.getError = null;
    await store().openFor(id, '');
    expect(store().openError).toBeNull();
    expect(store().draft.name).toBe('Precious');
  });

  it('saves the draft being left before the next is read, and drops an answer for a profile left since', async () => {
    const first = store().profileId;
    store().editField('name', 'Typed for the first');
    const b = nextProfile();
    const c = nextProfile();
    ui.state.items.set(draftKey(b), storedDraftValue({ ...blankDraft(''), name: 'B' }, 1));
    ui.state.items.set(draftKey(c), storedDraftValue({ ...blankDraft(''), name: 'C' }, 1));
    const toB = store().openFor(b, '');
    expect(store().opening).toEqual({ profileId: b });
    const toC = store().openFor(c, '');
    await Promise.all([toB, toC]);
    expect(store().openedFor).toBe(c);
    expect(store().draft.name).toBe('C');
    expect(store().opening).toBeNull();
    expect(stored(first)).toMatchObject({ draft: { name: 'Typed for the first' } });
  });

  it('keeps an unreadable stored draft aside, says so, and starts a new one', async () => {
    const id = nextProfile();
    ui.state.items.set(draftKey(id), { version: 1, savedAt: 4, draft: { name: 'broken' } });
    await store().openFor(id, 'proj-1');
    expect(store().draft).toMatchObject({ name: '', projectKey: 'proj-1' });
    expect(store().keptAside).toMatchObject({ reason: 'unreadable', savedAt: 4 });
    const key = store().keptAside?.key ?? '';
    expect(key).toMatch(new RegExp(`^templates\\.draft\\.${id}\\.unreadable-\\d+$`));
    expect(ui.state.items.get(key)).toMatchObject({ text: expect.stringContaining('broken') });
    expect(store().announcement).toMatch(/could not be read; it was kept aside/);
    store().dismissKeptAside();
    expect(store().keptAside).toBeNull();
  });

  it('takes up a draft left in localStorage by an earlier version, once', async () => {
    const id = nextProfile();
    legacy.setItem(
      legacyDraftKey(id),
      JSON.stringify(storedDraftValue({ ...blankDraft('k'), name: 'From port 47800' }, 2)),
    );
    await store().openFor(id, '');
    expect(store().draft.name).toBe('From port 47800');
    expect(stored(id)).toMatchObject({ draft: { name: 'From port 47800' } });
    expect(legacy.items.size).toBe(0);
  });
});
