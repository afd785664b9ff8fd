import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result, TemplateHistoryEntry } from '../../../../../electron/shared/contract';
import type { ArchiveTemplateResult, ArchiveTemplateSaveDto } from '../../../../../electron/shared/domain';

// The store talks to the core only through the bridge: a scripted one stands in for it here.
const calls: { create: unknown[]; history: unknown[] } = { create: [], history: [] };
let createAnswer: Result<ArchiveTemplateResult>;
let historyAnswer: Result<TemplateHistoryEntry[]>;
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
  },
}));

class MemoryStorage {
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

const { useTemplateFormStore, startDraftAutosave } =
  await import('../../../../../src/features/templates/template-form-store');
const { draftStorageKey, serializeDraft } =
  await import('../../../../../src/features/templates/draft-storage');
const { blankDraft } = await import('../../../../../src/features/templates/template-draft');

const store = () => useTemplateFormStore.getState();
let storage: MemoryStorage;
let profileCounter = 0;

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

beforeEach(() => {
  historyAnswer = { ok: true, value: [] };
  createAnswer = { ok: true, value: { projectKey: 'proj-1', templateId: 7, templateName: 'Cold store' } };
  // A fresh profile id per test: openFor keeps the last test's draft (in its storage) and takes up
  // this profile's, which is empty.
  store().openFor(`profile-${++profileCounter}`, 'proj-1');
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
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
    await vi.waitFor(() => expect(store().historyStatus).toBe('ready'));
    expect(calls.history.at(-1)).toEqual({ profileId: `profile-${profileCounter}` });
  });

  it('takes up the stored draft of a profile', () => {
    const saved = { ...blankDraft('proj-x'), name: 'Saved before' };
    storage.setItem(draftStorageKey('other'), serializeDraft(saved, 5));
    store().openFor('other', 'proj-1');
    expect(store().draft).toEqual(saved);
    expect(store().draftSavedAt).toBe(5);
  });

  it('sends nothing while a problem remains, and shows them all', async () => {
    store().editField('name', 'x');
    expect(await store().send()).toBe(false);
    expect(calls.create).toEqual([]);
    expect(store().revealAll).toBe(true);
  });

  it('sends the wire DTO with the project key and profile, shows the result and clears the draft', async () => {
    fillValid();
    store().saveDraftNow();
    expect(storage.items.size).toBe(1);
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
    expect(storage.items.size).toBe(0);
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
    expect(store().external).toEqual({ name: ['a template with this name already exists in the project'] });
    expect(store().top).toEqual([
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
    expect(store().external).toEqual({ [`param:${first}:identifier`]: ['reserved word'] });
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

  it('loads an import into the form, invalid parts included, with its remarks', () => {
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
    expect(store().external[`param:${key}:map.max`]?.[0]).toMatch(/loses digits/);
    expect(store().top[0].message).toContain('extraField');
    // Saved at once: a reload right after an import keeps it.
    expect(storage.getItem(draftStorageKey(store().profileId))).toContain('Imported');
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

  it('discards the draft and its stored copy', () => {
    fillValid();
    store().saveDraftNow();
    store().discard();
    expect(store().draft.name).toBe('');
    expect(storage.items.size).toBe(0);
  });

  it('saves the draft 300 ms after the last change', () => {
    vi.useFakeTimers();
    const stop = startDraftAutosave(300);
    store().editField('name', 'A');
    vi.advanceTimersByTime(200);
    store().editField('name', 'AB');
    vi.advanceTimersByTime(299);
    expect(storage.items.size).toBe(0);
    vi.advanceTimersByTime(1);
    expect(storage.getItem(draftStorageKey(store().profileId))).toContain('"name":"AB"');
    store().editField('name', 'ABC');
    // Stopping (the panel closing) writes what is pending.
    stop();
    expect(storage.getItem(draftStorageKey(store().profileId))).toContain('"name":"ABC"');
  });
});
