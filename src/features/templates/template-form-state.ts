import type { StoreApi } from 'zustand';
import type { AppError, TemplateHistoryEntry } from '../../../electron/shared/contract';
import type { ArchiveTemplateResult, FieldProblem } from '../../../electron/shared/domain';
import type { KeptAside } from './draft-storage';
import type { FieldId } from './field-ids';
import type { CodedWords } from './problem-text';
import type { RemovedParameter } from './parameter-list';
import type { MapField, TemplateDraft } from './template-draft';
import type { TemplateImport } from './template-import';

/** A message for the top of the panel: a server's answer, or what an import could not place. */
export interface TopMessage {
  source: 'server' | 'import';
  title: string;
  /** In the server's own words. */
  message: string;
  /** The refusal as the core sent it: worded from its code in the reader's language when shown. */
  error?: AppError;
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
  external: Record<FieldId, CodedWords[]>;
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

/** How the parts of the store (sending, history, draft saving) read and change it. */
export type SetFormState = StoreApi<TemplateFormState>['setState'];
export type GetFormState = StoreApi<TemplateFormState>['getState'];
