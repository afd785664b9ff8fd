import { z } from 'zod';
import { TemplateDraftSchema, type TemplateDraft } from './template-draft';

/** Bump when the stored shape changes; an older version is migrated in parseStoredDraft. */
export const DRAFT_VERSION = 1;

const StoredDraftSchema = z.object({
  version: z.literal(DRAFT_VERSION),
  savedAt: z.number(),
  draft: TemplateDraftSchema,
});

export interface StoredDraft {
  draft: TemplateDraft;
  savedAt: number;
}

/** The slice of the Web Storage API the drafts use (localStorage in the app, a Map in tests). */
export interface DraftStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** One draft per profile: switching profile never mixes two projects' work. */
export function draftStorageKey(profileId: string | null): string {
  return `control-room-wall.template-draft.${profileId ?? '(no profile)'}`;
}

export function serializeDraft(draft: TemplateDraft, savedAt: number): string {
  return JSON.stringify({ version: DRAFT_VERSION, savedAt, draft });
}

/** A stored draft, or null when there is none or it cannot be read (never throws). */
export function parseStoredDraft(text: string | null): StoredDraft | null {
  if (text === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = StoredDraftSchema.safeParse(data);
  return parsed.success ? { draft: parsed.data.draft, savedAt: parsed.data.savedAt } : null;
}

export type DraftSave = { ok: true } | { ok: false; message: string };

/**
 * Reads and writes drafts; storage failures (quota, storage disabled) come back as values so the
 * panel can say "draft not saved" instead of losing the page.
 */
export class DraftArchive {
  constructor(private readonly store: () => DraftStore | undefined) {}

  load(profileId: string | null): StoredDraft | null {
    try {
      return parseStoredDraft(this.store()?.getItem(draftStorageKey(profileId)) ?? null);
    } catch {
      return null;
    }
  }

  save(profileId: string | null, draft: TemplateDraft, savedAt: number): DraftSave {
    try {
      const store = this.store();
      if (!store) return { ok: false, message: 'this window has no local storage' };
      store.setItem(draftStorageKey(profileId), serializeDraft(draft, savedAt));
      return { ok: true };
    } catch (e) {
      return { ok: false, message: e instanceof Error ? e.message : String(e) };
    }
  }

  clear(profileId: string | null): void {
    try {
      this.store()?.removeItem(draftStorageKey(profileId));
    } catch {
      // Nothing to keep: a draft that cannot be removed is replaced on the next save.
    }
  }
}

/** localStorage when the page has it (reading it can throw where storage is disabled). */
export function browserDraftStore(): DraftStore | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
