import { z } from 'zod';
import { TemplateDraftSchema, type TemplateDraft } from './template-draft';
import { whyNotKept, type UiState } from './ui-state';

/** Bump when the stored shape changes; an older version is migrated in readStoredDraft. */
const DRAFT_VERSION = 1;

const StoredDraftSchema = z.object({
  version: z.literal(DRAFT_VERSION),
  savedAt: z.number(),
  draft: TemplateDraftSchema,
});

export interface StoredDraft {
  draft: TemplateDraft;
  savedAt: number;
}

/** The slice of the Web Storage API where drafts were kept before (localStorage): read once, then moved. */
export interface LegacyDraftStore {
  getItem(key: string): string | null;
  removeItem(key: string): void;
}

/**
 * A draft that could not be taken up as it was: unreadable, or a second copy (an older localStorage
 * draft beside the one the core keeps). Its text is kept under `key` (null: it could not be kept, so
 * the panel offers it for download before anything replaces it).
 */
export interface KeptAside {
  reason: 'unreadable' | 'second-copy';
  /** The text as it was stored (pretty-printed when it is JSON). */
  text: string;
  /** Where the core keeps it now, or null when it could not be kept. */
  key: string | null;
  /** When the stored copy was saved, if it says so. */
  savedAt: number | null;
}

export type DraftLoad =
  | { ok: true; stored: StoredDraft | null; keptAside: KeptAside | null }
  /** The core could not be asked: nothing is known, so nothing may be overwritten either. */
  | { ok: false; message: string };

export type DraftSave = { ok: true } | { ok: false; message: string };

const profilePart = (profileId: string | null) => profileId ?? '_none';

/** One draft per profile: switching profile never mixes two projects' work. Profile ids are [A-Za-z0-9._-]. */
export function draftKey(profileId: string | null): string {
  return `templates.draft.${profilePart(profileId)}`;
}

/** Where a draft that could not be taken up is kept (never overwritten: the time makes it unique). */
export function keptAsideKey(profileId: string | null, at: number): string {
  return `${draftKey(profileId)}.unreadable-${at}`;
}

/** The localStorage key of drafts before they moved to the core. */
export function legacyDraftKey(profileId: string | null): string {
  return `control-room-wall.template-draft.${profileId ?? '(no profile)'}`;
}

export function storedDraftValue(draft: TemplateDraft, savedAt: number) {
  return { version: DRAFT_VERSION, savedAt, draft };
}

/** A stored draft (the value the core keeps, or the JSON text localStorage kept), or null when unreadable. */
export function readStoredDraft(value: unknown): StoredDraft | null {
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = StoredDraftSchema.safeParse(data);
  return parsed.success ? { draft: parsed.data.draft, savedAt: parsed.data.savedAt } : null;
}

/** The stored value as text to read or download: pretty JSON when it is JSON, else as it was. */
function asText(value: unknown): string {
  if (typeof value !== 'string') return JSON.stringify(value, null, 2);
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

function savedAtOf(value: unknown): number | null {
  const data = typeof value === 'string' ? safeJson(value) : value;
  const at = (data as { savedAt?: unknown } | null)?.savedAt;
  return typeof at === 'number' && Number.isFinite(at) ? at : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const sameDraft = (a: StoredDraft, b: StoredDraft) => JSON.stringify(a.draft) === JSON.stringify(b.draft);

/**
 * Reads and writes drafts in the core's ui state; every failure comes back as a value, so the panel
 * can say "Not saved: …" instead of claiming a save that did not happen.
 *
 * Nothing is ever dropped without a trace: a stored draft that cannot be read is kept aside under its
 * own key (and offered for download), and a draft still in this page's localStorage (where drafts
 * were kept before) is moved to the core once.
 */
export class DraftArchive {
  constructor(
    private readonly ui: UiState,
    private readonly legacy: () => LegacyDraftStore | undefined = () => undefined,
    private readonly now: () => number = Date.now,
  ) {}

  async load(profileId: string | null): Promise<DraftLoad> {
    const key = draftKey(profileId);
    const answer = await this.ui.get(key);
    if (!answer.ok) return { ok: false, message: whyNotKept(answer.error) };
    const value = answer.value.value;
    const legacyText = this.readLegacy(profileId);

    let stored: StoredDraft | null = null;
    let keptAside: KeptAside | null = null;
    if (value !== null) {
      stored = readStoredDraft(value);
      if (stored === null) {
        keptAside = await this.keepAside(profileId, 'unreadable', value);
        // Kept: the unreadable copy leaves the draft's place, so it is not found (and kept) again.
        if (keptAside.key !== null) await this.ui.set(key, null);
      }
    }
    if (legacyText !== null) {
      const moved = await this.takeLegacy(profileId, legacyText, stored);
      if (!moved.ok) return { ok: true, stored: stored ?? moved.stored, keptAside };
      stored = moved.stored;
      keptAside ??= moved.keptAside;
    }
    return { ok: true, stored, keptAside };
  }

  async save(profileId: string | null, draft: TemplateDraft, savedAt: number): Promise<DraftSave> {
    const answer = await this.ui.set(draftKey(profileId), storedDraftValue(draft, savedAt));
    return answer.ok ? { ok: true } : { ok: false, message: whyNotKept(answer.error) };
  }

  async clear(profileId: string | null): Promise<DraftSave> {
    const answer = await this.ui.set(draftKey(profileId), null);
    return answer.ok ? { ok: true } : { ok: false, message: whyNotKept(answer.error) };
  }

  private readLegacy(profileId: string | null): string | null {
    try {
      return this.legacy()?.getItem(legacyDraftKey(profileId)) ?? null;
    } catch {
      return null;
    }
  }

  private removeLegacy(profileId: string | null): void {
    try {
      this.legacy()?.removeItem(legacyDraftKey(profileId));
    } catch {
      // Storage disabled: there is nothing it could give back next time either.
    }
  }

  /**
   * Move a localStorage draft to the core. With no draft in the core it becomes the draft; beside
   * one, the newer stays the draft and the other is kept aside. The localStorage copy is removed only
   * once the core holds it.
   */
  private async takeLegacy(
    profileId: string | null,
    text: string,
    current: StoredDraft | null,
  ): Promise<
    | { ok: true; stored: StoredDraft | null; keptAside: KeptAside | null }
    | { ok: false; stored: StoredDraft | null }
  > {
    const old = readStoredDraft(text);
    if (old === null) {
      const kept = await this.keepAside(profileId, 'unreadable', text);
      if (kept.key === null) return { ok: false, stored: null };
      this.removeLegacy(profileId);
      return { ok: true, stored: current, keptAside: kept };
    }
    if (current !== null && sameDraft(current, old)) {
      this.removeLegacy(profileId);
      return { ok: true, stored: current, keptAside: null };
    }
    if (current === null || old.savedAt > current.savedAt) {
      const moved = await this.ui.set(draftKey(profileId), storedDraftValue(old.draft, old.savedAt));
      if (!moved.ok) return { ok: false, stored: old };
      let kept: KeptAside | null = null;
      if (current !== null) {
        kept = await this.keepAside(
          profileId,
          'second-copy',
          storedDraftValue(current.draft, current.savedAt),
        );
        if (kept.key === null) return { ok: false, stored: old };
      }
      this.removeLegacy(profileId);
      return { ok: true, stored: old, keptAside: kept };
    }
    const kept = await this.keepAside(profileId, 'second-copy', text);
    if (kept.key === null) return { ok: false, stored: current };
    this.removeLegacy(profileId);
    return { ok: true, stored: current, keptAside: kept };
  }

  private async keepAside(
    profileId: string | null,
    reason: KeptAside['reason'],
    value: unknown,
  ): Promise<KeptAside> {
    const text = asText(value);
    const at = this.now();
    const key = keptAsideKey(profileId, at);
    const kept = await this.ui.set(key, { keptAt: at, reason, text });
    return { reason, text, key: kept.ok ? key : null, savedAt: savedAtOf(value) };
  }
}
