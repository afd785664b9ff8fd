import { create } from 'zustand';
import type { AppError, TemplateHistoryEntry } from '../../../electron/shared/contract';
import {
  MAP_KEYS_BY_TYPE,
  type ArchiveTemplateResult,
  type FieldProblem,
} from '../../../electron/shared/domain';
import { api } from '../../lib/bridge';
import { checkDraft } from './check-draft';
import { DraftArchive, type KeptAside, type LegacyDraftStore } from './draft-storage';
import { fieldIdForPath, isFieldShown, paramFieldId, type FieldId } from './field-ids';
import {
  addParameter,
  duplicateParameter,
  moveParameter,
  removeParameter,
  restoreParameter,
  type RemovedParameter,
} from './parameter-list';
import {
  blankDraft,
  isBlankDraft,
  isDataType,
  MAP_FIELDS,
  type MapField,
  type ParameterDraft,
  type TemplateDraft,
} from './template-draft';
import { KnownProjectKeys, uniqueKeys } from './known-project-keys';
import { projectKeyProblem } from './project-key-problem';
import { templateToDraft, type TemplateImport } from './template-import';
import { coreUiState } from './core-ui-state';

/** A message for the top of the panel: a server's answer, or what an import could not place. */
export interface TopMessage {
  source: 'server' | 'import';
  title: string;
  /** In the server's own words. */
  message: string;
  status?: number;
  /** Problems whose path names no field on screen. */
  details: FieldProblem[];
}

export type HistoryStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface TemplateFormState {
  /** Whose draft this is: drafts are kept per profile. */
  profileId: string | null;
  /** The profile openFor last took up (undefined before the first). */
  openedFor: string | null | undefined;
  /** A profile whose draft is being read (openFor in flight): the form waits, disabled. */
  opening: { profileId: string | null } | null;
  /** The draft of this profile could not be read (the core did not answer): nothing is shown or saved. */
  openError: { profileId: string | null; message: string } | null;
  /** A stored draft that could not be taken up, kept aside: the panel says where, and offers its text. */
  keptAside: KeptAside | null;
  /** Project keys that worked for this profile (most recent first): offered in the key field. */
  knownKeys: string[];
  /** The selected profile's own project key (Project credentials), prefilled into new drafts. */
  defaultProjectKey: string;
  draft: TemplateDraft;
  /** Fields the user has changed or left: their problems show. */
  touched: Record<FieldId, true>;
  /** After a send attempt or an import: every problem shows. */
  revealAll: boolean;
  /** What the server or an import said about a field; cleared when that field changes. */
  external: Record<FieldId, string[]>;
  top: TopMessage[];
  sending: boolean;
  result: ArchiveTemplateResult | null;
  lastRemoved: RemovedParameter | null;
  draftSavedAt: number | null;
  /** The draft as last saved (or read): "Draft saved" shows only while the form still holds it. */
  savedDraft: TemplateDraft | null;
  /** Why the draft could not be saved (the core did not answer, or refused it). */
  draftError: string | null;
  history: TemplateHistoryEntry[];
  historyStatus: HistoryStatus;
  historyError: string | null;
  /** For the polite live region: moves, removals, results. */
  announcement: string;

  /** Take up the draft of a profile (kept by the core, else a new one); the old one is saved first. */
  openFor(profileId: string | null, defaultProjectKey: string): Promise<void>;
  editField(field: 'projectKey' | 'name' | 'desc', value: string): void;
  editParameter(key: string, field: 'identifier' | 'name', value: string): void;
  changeType(key: string, dataType: string): void;
  editMapValue(key: string, field: MapField, value: string): void;
  removeExtraKey(key: string, mapKey: string): void;
  /** Returns the new parameter's key (for focus). */
  addParameter(afterKey?: string): string;
  removeParameter(key: string): void;
  undoRemove(): void;
  /** Returns the copy's key (for focus). */
  duplicateParameter(key: string): string | null;
  moveParameter(key: string, delta: number): void;
  touch(id: FieldId): void;
  revealProblems(): void;
  /** Validate and send; true when the platform created the template. */
  send(): Promise<boolean>;
  discard(): void;
  /** Replace the draft with an imported or historic template (as a new draft). */
  loadTemplate(source: 'import' | 'history', input: unknown): TemplateImport;
  dismissResult(): void;
  dismissTop(): void;
  dismissKeptAside(): void;
  loadHistory(): Promise<void>;
  /** A template was created (here or in another window): put it in the list. */
  recordCreated(entry: TemplateHistoryEntry): void;
  /** Write the draft now (debounced saves call this; so does leaving the page). */
  saveDraftNow(): Promise<void>;
}

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
/** Draft writes go one after the other, so an older one never lands after a newer one. */
let writing: Promise<unknown> = Promise.resolve();

const SERVER_TITLES: Partial<Record<AppError['kind'], string>> = {
  auth: 'The platform did not accept the credentials',
  forbidden: 'The platform refused to add the template',
  'not-found': 'The platform did not find the project',
  'invalid-request': 'The platform refused the template',
  'invalid-input': 'The template was not sent',
  network: 'The platform could not be reached',
  timeout: 'The platform did not answer in time',
  server: 'The platform failed',
  'not-configured': 'No profile is ready',
  locked: 'The kiosk is locked',
};

function withoutKeys(
  record: Record<FieldId, string[]>,
  drop: (id: FieldId) => boolean,
): Record<FieldId, string[]> {
  return Object.fromEntries(Object.entries(record).filter(([id]) => !drop(id)));
}

/** Place problems at their fields; the ones with no field on screen go to the top. */
function placeProblems(
  problems: readonly FieldProblem[],
  draft: TemplateDraft,
): { external: Record<FieldId, string[]>; unplaced: FieldProblem[] } {
  const external: Record<FieldId, string[]> = {};
  const unplaced: FieldProblem[] = [];
  for (const problem of problems) {
    const id = fieldIdForPath(problem.path, draft);
    if (id === null || !isFieldShown(id, draft)) unplaced.push(problem);
    else if (!(external[id] ?? []).includes(problem.message))
      external[id] = [...(external[id] ?? []), problem.message];
  }
  return { external, unplaced };
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
  p?.identifier.trim() ? `Parameter ${p.identifier.trim()}` : `Parameter ${index + 1}`;

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
              ? 'The saved draft could not be read; it was kept aside and a new draft started'
              : 'A second copy of the draft was kept aside',
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
        announcement: `Parameter ${next.indexOf(added) + 1} of ${next.length} added`,
      });
      return added.key;
    },

    removeParameter(key) {
      const { list, removed } = removeParameter(get().draft.parameters, key);
      if (!removed) return;
      update((d) => ({ ...d, parameters: list }), [], {
        lastRemoved: removed,
        external: withoutKeys(get().external, (id) => id.startsWith(paramFieldId(key))),
        announcement: `${parameterLabel(removed.parameter, removed.index)} removed`,
      });
    },

    undoRemove() {
      const removed = get().lastRemoved;
      if (!removed) return;
      update((d) => ({ ...d, parameters: restoreParameter(d.parameters, removed) }), [], {
        lastRemoved: null,
        announcement: `${parameterLabel(removed.parameter, removed.index)} restored`,
      });
    },

    duplicateParameter(key) {
      const before = get().draft.parameters;
      const next = duplicateParameter(before, key);
      const copy = next.find((p) => !before.includes(p));
      if (!copy) return null;
      update((d) => ({ ...d, parameters: next }), [], {
        announcement: `${parameterLabel(copy, next.indexOf(copy))} added as a copy`,
      });
      return copy.key;
    },

    moveParameter(key, delta) {
      const before = get().draft.parameters;
      const next = moveParameter(before, key, delta);
      const index = next.findIndex((p) => p.key === key);
      if (index === before.findIndex((p) => p.key === key)) return;
      update((d) => ({ ...d, parameters: next }), [], {
        announcement: `${parameterLabel(next[index], index)} moved to position ${index + 1} of ${next.length}`,
      });
    },

    touch: (id) => {
      if (!get().touched[id]) set((s) => ({ touched: { ...s.touched, [id]: true } }));
    },

    revealProblems: () => set({ revealAll: true }),

    async send() {
      const s = get();
      if (s.sending) return false;
      const check = checkDraft(s.draft);
      if (check.problems.length > 0) {
        set({ revealAll: true });
        return false;
      }
      const sent = s.draft;
      set({ sending: true, top: [], result: null });
      const answer = await api.templates.create({
        ...(s.profileId !== null && { profileId: s.profileId }),
        projectKey: check.projectKey,
        template: check.dto,
      });
      if (answer.ok) {
        // Typed on while it was sending? Then that work is not what was sent: keep it.
        const unchanged = get().draft === sent;
        const profileId = s.profileId;
        // The key worked: offer it again, and keep it in the form for the next template.
        const knownKeys = uniqueKeys([check.projectKey, ...get().knownKeys]);
        set({
          sending: false,
          result: answer.value,
          knownKeys,
          announcement: `Template ${answer.value.templateName} created with id ${answer.value.templateId}`,
          ...(unchanged && {
            draft: blankDraft(check.projectKey),
            touched: {},
            revealAll: false,
            external: {},
            lastRemoved: null,
          }),
        });
        void projectKeys.remember(profileId, knownKeys, check.projectKey);
        if (unchanged) await get().saveDraftNow();
        void get().loadHistory();
        return true;
      }
      const { error } = answer;
      const { external, unplaced } = placeProblems(error.details ?? [], get().draft);
      const keyProblem = projectKeyProblem(error, check.projectKey, s.defaultProjectKey);
      if (keyProblem !== null && !(external.projectKey ?? []).includes(keyProblem))
        external.projectKey = [keyProblem, ...(external.projectKey ?? [])];
      set({
        sending: false,
        revealAll: true,
        external,
        top: [
          {
            source: 'server',
            title:
              error.kind === 'not-found' && keyProblem !== null
                ? keyProblem
                : (SERVER_TITLES[error.kind] ?? 'The template was not created'),
            message: error.message,
            status: error.status,
            details: unplaced,
          },
        ],
        announcement: `Not sent: ${keyProblem ?? error.message}`,
      });
      return false;
    },

    discard() {
      set({
        draft: blankDraft(startingKey()),
        touched: {},
        revealAll: false,
        external: {},
        top: [],
        lastRemoved: null,
        announcement: 'Draft discarded',
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
          title: source === 'import' ? 'Loaded, with remarks' : 'Loaded from history, with remarks',
          message: loaded.ignored.length
            ? `Not loaded (the form has no place for them): ${loaded.ignored.join(', ')}`
            : 'Some values could not be placed in the form.',
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
        announcement: `Template ${draft.name || '(unnamed)'} loaded with ${draft.parameters.length} parameters`,
      });
      void get().saveDraftNow();
      return loaded;
    },

    dismissResult: () => set({ result: null }),
    dismissTop: () => set({ top: [] }),
    dismissKeptAside: () => set({ keptAside: null }),

    async loadHistory() {
      const profileId = get().profileId;
      set({ historyStatus: 'loading', historyError: null });
      const answer = await api.templates.history(profileId === null ? undefined : { profileId });
      if (get().profileId !== profileId) return;
      // Keys of templates created before the keys were remembered are offered too (after those).
      if (answer.ok)
        set((s) => ({
          history: answer.value,
          historyStatus: 'ready',
          knownKeys: uniqueKeys([...s.knownKeys, ...answer.value.map((e) => e.projectKey)]),
        }));
      else set({ historyStatus: 'error', historyError: answer.error.message });
    },

    recordCreated(entry) {
      if (entry.profileId !== get().profileId) return;
      set((s) => ({
        knownKeys: uniqueKeys([...s.knownKeys, entry.projectKey]),
        history: [
          entry,
          ...s.history.filter(
            (e) => !(e.templateId === entry.templateId && e.projectKey === entry.projectKey),
          ),
        ],
      }));
    },

    saveDraftNow() {
      const { draft, profileId, openedFor, savedDraft, draftError } = get();
      const blank = isBlankDraft(draft);
      const unchanged = draftError === null && (blank ? savedDraft === null : draft === savedDraft);
      // Nothing taken up yet (or its reading failed) means no work to write, only one to overwrite.
      if (openedFor === undefined || openedFor !== profileId || unchanged)
        return writing.then(() => undefined);
      const now = Date.now();
      const write = async () => {
        const saved = blank ? await archive.clear(profileId) : await archive.save(profileId, draft, now);
        const current = get();
        if (current.profileId !== profileId) return;
        if (!saved.ok) set({ draftError: saved.message });
        else if (blank) set({ draftError: null, draftSavedAt: null, savedDraft: null });
        else set({ draftError: null, draftSavedAt: now, savedDraft: draft });
      };
      writing = writing.then(write, write);
      return writing.then(() => undefined);
    },
  };
});

/** Save the draft ~300 ms after the last change, and at once when the page goes away. */
export function startDraftAutosave(delayMs = 300): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    void useTemplateFormStore.getState().saveDraftNow();
  };
  const stop = useTemplateFormStore.subscribe((state, previous) => {
    if (state.draft === previous.draft || state.profileId !== previous.profileId) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  });
  const page = typeof window === 'undefined' ? undefined : window;
  page?.addEventListener('pagehide', flush);
  return () => {
    flush();
    stop();
    page?.removeEventListener('pagehide', flush);
  };
}
