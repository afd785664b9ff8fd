import { create } from 'zustand';
import { MAP_KEYS_BY_TYPE } from '../../../electron/shared/domain';
import { createSaveDraftNow } from './draft-saving';
import { DraftArchive, type LegacyDraftStore } from './draft-storage';
import { paramFieldId, type FieldId } from './field-ids';
import {
  addParameter,
  duplicateParameter,
  moveParameter,
  removeParameter,
  restoreParameter,
} from './parameter-list';
import { placeProblems } from './place-problems';
import {
  blankDraft,
  isDataType,
  MAP_FIELDS,
  type MapField,
  type ParameterDraft,
  type TemplateDraft,
} from './template-draft';
import type { TemplateFormState, TopMessage } from './template-form-state';
import { createHistoryActions } from './template-history-actions';
import { KnownProjectKeys } from './known-project-keys';
import { createSend } from './template-sending';
import { templateToDraft } from './template-import';
import { coreUiState } from './core-ui-state';
import { words } from './words';

/** localStorage, where drafts were kept before the core kept them (reading it can throw where disabled). */
function legacyDrafts(): LegacyDraftStore | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

const archive = new DraftArchive(coreUiState, legacyDrafts);
const projectKeys = new KnownProjectKeys(coreUiState);
/** Counts openFor calls: an answer for a profile left since is dropped. */
let openCount = 0;

function withoutKeys<T>(record: Record<FieldId, T[]>, drop: (id: FieldId) => boolean): Record<FieldId, T[]> {
  return Object.fromEntries(Object.entries(record).filter(([id]) => !drop(id)));
}

/**
 * A new type for a parameter. Every typed value is kept (the type decides what is shown and sent);
 * an imported key the old type refused but the new one takes moves from `extra` into its field.
 */
function withType(p: ParameterDraft, dataType: string): ParameterDraft {
  if (!isDataType(dataType)) return { ...p, dataType };
  const takes = MAP_KEYS_BY_TYPE[dataType];
  const values = { ...p.values };
  const extra: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.extra)) {
    if (
      takes.includes(k) &&
      (MAP_FIELDS as readonly string[]).includes(k) &&
      values[k as MapField].trim() === ''
    )
      values[k as MapField] = v;
    else extra[k] = v;
  }
  return { ...p, dataType, values, extra };
}

const parameterLabel = (p: ParameterDraft | undefined, index: number) =>
  p?.identifier.trim()
    ? words().t('templates:store.parameterNamed', { identifier: p.identifier.trim() })
    : words().t('templates:store.parameterNumber', { number: index + 1 });

/**
 * The archive template form: the draft as typed, what the user has touched, and what the server or
 * an import said, field by field. Problems themselves are derived (checkDraft) where they are shown.
 */
export const useTemplateFormStore = create<TemplateFormState>()((set, get) => {
  /** Change the draft; the fields changed lose what the server or an import said about them. */
  const update = (
    change: (draft: TemplateDraft) => TemplateDraft,
    changed: FieldId[] = [],
    extra: Partial<TemplateFormState> = {},
  ) =>
    set((s) => ({
      draft: change(s.draft),
      external: changed.length ? withoutKeys(s.external, (id) => changed.includes(id)) : s.external,
      touched: changed.length
        ? { ...s.touched, ...Object.fromEntries(changed.map((id) => [id, true as const])) }
        : s.touched,
      ...extra,
    }));
  const mapParameter =
    (key: string, change: (p: ParameterDraft) => ParameterDraft) => (draft: TemplateDraft) => ({
      ...draft,
      parameters: draft.parameters.map((p) => (p.key === key ? change(p) : p)),
    });

  /** Where a new draft of this profile starts: its own project key, else the last key that worked. */
  const startingKey = () => get().defaultProjectKey || get().knownKeys[0] || '';

  return {
    profileId: null,
    openedFor: undefined,
    opening: null,
    openError: null,
    keptAside: null,
    knownKeys: [],
    defaultProjectKey: '',
    draft: blankDraft(),
    touched: {},
    revealAll: false,
    external: {},
    top: [],
    sending: false,
    result: null,
    lastRemoved: null,
    draftSavedAt: null,
    savedDraft: null,
    draftError: null,
    history: [],
    historyStatus: 'idle',
    historyError: null,
    announcement: '',

    async openFor(profileId, defaultProjectKey) {
      const s = get();
      if (s.opening?.profileId === profileId) return;
      if (s.opening === null && s.openedFor === profileId) {
        // Same profile: keep the work, only fill in a project key that is still empty.
        if (s.draft.projectKey === '' && defaultProjectKey !== '')
          set({ draft: { ...s.draft, projectKey: defaultProjectKey }, defaultProjectKey });
        else set({ defaultProjectKey });
        return;
      }
      const token = ++openCount;
      set({ opening: { profileId }, openError: null });
      // The work of the profile being left is written before anything of the next one is read.
      if (s.openedFor !== undefined) await get().saveDraftNow();
      const [loaded, knownKeys] = await Promise.all([archive.load(profileId), projectKeys.load(profileId)]);
      if (token !== openCount) return;
      if (!loaded.ok) {
        set({ opening: null, openError: { profileId, message: loaded.message } });
        return;
      }
      const stored = loaded.stored;
      const draft = stored?.draft ?? blankDraft(defaultProjectKey || knownKeys[0] || '');
      if (draft.projectKey === '') draft.projectKey = defaultProjectKey;
      set({
        profileId,
        openedFor: profileId,
        opening: null,
        openError: null,
        keptAside: loaded.keptAside,
        knownKeys,
        defaultProjectKey,
        draft,
        touched: {},
        revealAll: false,
        external: {},
        top: [],
        result: null,
        lastRemoved: null,
        draftSavedAt: stored?.savedAt ?? null,
        savedDraft: stored ? draft : null,
        draftError: null,
        history: [],
        historyStatus: 'idle',
        historyError: null,
        ...(loaded.keptAside && {
          announcement:
            loaded.keptAside.reason === 'unreadable'
              ? words().t('templates:store.keptUnreadable')
              : words().t('templates:store.keptSecondCopy'),
        }),
      });
      void get().loadHistory();
    },

    editField: (field, value) => update((d) => ({ ...d, [field]: value }), [field]),

    editParameter: (key, field, value) =>
      update(
        mapParameter(key, (p) => ({ ...p, [field]: value })),
        [paramFieldId(key, field), paramFieldId(key)],
      ),

    changeType: (key, dataType) =>
      update(
        mapParameter(key, (p) => withType(p, dataType)),
        [paramFieldId(key, 'dataType'), paramFieldId(key)],
      ),

    editMapValue: (key, field, value) =>
      update(
        mapParameter(key, (p) => ({ ...p, values: { ...p.values, [field]: value } })),
        [paramFieldId(key, `map.${field}`), paramFieldId(key)],
      ),

    removeExtraKey: (key, mapKey) =>
      update(
        mapParameter(key, (p) => ({
          ...p,
          extra: Object.fromEntries(Object.entries(p.extra).filter(([k]) => k !== mapKey)),
        })),
        [paramFieldId(key, `map.${mapKey}`)],
      ),

    addParameter(afterKey) {
      const before = get().draft.parameters;
      const next = addParameter(before, afterKey);
      const added = next.find((p) => !before.includes(p))!;
      update((d) => ({ ...d, parameters: next }), ['parameters'], {
        announcement: words().t('templates:store.added', {
          number: next.indexOf(added) + 1,
          count: next.length,
        }),
      });
      return added.key;
    },

    removeParameter(key) {
      const { list, removed } = removeParameter(get().draft.parameters, key);
      if (!removed) return;
      update((d) => ({ ...d, parameters: list }), [], {
        lastRemoved: removed,
        external: withoutKeys(get().external, (id) => id.startsWith(paramFieldId(key))),
        announcement: words().t('templates:store.removed', {
          parameter: parameterLabel(removed.parameter, removed.index),
        }),
      });
    },

    undoRemove() {
      const removed = get().lastRemoved;
      if (!removed) return;
      update((d) => ({ ...d, parameters: restoreParameter(d.parameters, removed) }), [], {
        lastRemoved: null,
        announcement: words().t('templates:store.restored', {
          parameter: parameterLabel(removed.parameter, removed.index),
        }),
      });
    },

    duplicateParameter(key) {
      const before = get().draft.parameters;
      const next = duplicateParameter(before, key);
      const copy = next.find((p) => !before.includes(p));
      if (!copy) return null;
      update((d) => ({ ...d, parameters: next }), [], {
        announcement: words().t('templates:store.copied', {
          parameter: parameterLabel(copy, next.indexOf(copy)),
        }),
      });
      return copy.key;
    },

    moveParameter(key, delta) {
      const before = get().draft.parameters;
      const next = moveParameter(before, key, delta);
      const index = next.findIndex((p) => p.key === key);
      if (index === before.findIndex((p) => p.key === key)) return;
      update((d) => ({ ...d, parameters: next }), [], {
        announcement: words().t('templates:store.moved', {
          parameter: parameterLabel(next[index], index),
          number: index + 1,
          count: next.length,
        }),
      });
    },

    touch: (id) => {
      if (!get().touched[id]) set((s) => ({ touched: { ...s.touched, [id]: true } }));
    },

    revealProblems: () => set({ revealAll: true }),

    send: createSend(set, get, projectKeys),

    discard() {
      set({
        draft: blankDraft(startingKey()),
        touched: {},
        revealAll: false,
        external: {},
        top: [],
        lastRemoved: null,
        announcement: words().t('templates:store.discarded'),
      });
      void get().saveDraftNow();
    },

    loadTemplate(source, input) {
      const loaded = templateToDraft(input, get().defaultProjectKey);
      if (!loaded.ok) return loaded;
      const draft = loaded.draft;
      if (draft.projectKey === '') draft.projectKey = get().defaultProjectKey;
      const { external, unplaced } = placeProblems(loaded.problems, draft);
      const top: TopMessage[] = [];
      if (unplaced.length || loaded.ignored.length)
        top.push({
          source: 'import',
          title: words().t(
            source === 'import' ? 'templates:store.remarks' : 'templates:store.historyRemarks',
          ),
          message: loaded.ignored.length
            ? words().t('templates:store.ignored', { fields: loaded.ignored.join(', ') })
            : words().t('templates:store.unplaced'),
          details: unplaced,
        });
      set({
        draft,
        touched: {},
        revealAll: source === 'import',
        external,
        top,
        result: null,
        lastRemoved: null,
        announcement: words().t('templates:store.loaded', {
          name: draft.name || words().t('templates:store.unnamed'),
          count: draft.parameters.length,
        }),
      });
      void get().saveDraftNow();
      return loaded;
    },

    dismissResult: () => set({ result: null }),
    dismissTop: () => set({ top: [] }),
    dismissKeptAside: () => set({ keptAside: null }),

    ...createHistoryActions(set, get),
    saveDraftNow: createSaveDraftNow(set, get, archive),
  };
});
