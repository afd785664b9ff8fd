import { z } from 'zod';
import { TemplateHistoryEntrySchema, type TemplateHistoryEntry } from '../shared/contract';
import type { KeyValueStore, NoticeSink } from './ports';
import { VersionedStore } from './versioned-store';

/** Per profile, the newest entries are kept up to this many. */
const HISTORY_PER_PROFILE = 200;

const HistoryDocSchema = z.object({ entries: z.array(TemplateHistoryEntrySchema) });
type HistoryDoc = z.infer<typeof HistoryDocSchema>;

/**
 * The archive templates created from this app, per profile.
 *
 * The platform has no operation to list templates, so this local record is the only way an
 * operator can see what was already added.
 */
export class TemplateHistory {
  private readonly doc: VersionedStore<HistoryDoc>;

  constructor(store: KeyValueStore, onNotice: NoticeSink) {
    this.doc = new VersionedStore({
      store,
      key: 'template-history',
      label: 'template history',
      schema: HistoryDocSchema,
      migrations: [
        (data) => {
          if (!Array.isArray(data)) throw new Error('the history is not a list');
          return { entries: data };
        },
      ],
      initial: () => ({ entries: [] }),
      onNotice,
      salvage: (data) => {
        const list = (data as { entries?: unknown } | null)?.entries;
        if (!Array.isArray(list)) return undefined;
        const entries = list.flatMap((e) => {
          const parsed = TemplateHistoryEntrySchema.safeParse(e);
          return parsed.success ? [parsed.data] : [];
        });
        const dropped = list.length - entries.length;
        return { value: { entries }, lost: dropped ? [`${dropped} entr${dropped === 1 ? 'y' : 'ies'}`] : [] };
      },
    });
  }

  /** Newest first. */
  async list(profileId: string): Promise<TemplateHistoryEntry[]> {
    const { entries } = await this.doc.load();
    return entries.filter((e) => e.profileId === profileId).sort((a, b) => b.createdAt - a.createdAt);
  }

  async record(entry: TemplateHistoryEntry): Promise<void> {
    await this.doc.update(({ entries }) => {
      const mine = entries.filter((e) => e.profileId === entry.profileId);
      const others = entries.filter((e) => e.profileId !== entry.profileId);
      const kept = [...mine, entry].sort((a, b) => b.createdAt - a.createdAt).slice(0, HISTORY_PER_PROFILE);
      return { entries: [...others, ...kept] };
    });
  }

  async forget(profileId: string): Promise<void> {
    await this.doc.update(({ entries }) => ({ entries: entries.filter((e) => e.profileId !== profileId) }));
  }

  /** Load now, so a broken file is reported at start-up rather than on first use. */
  async open(): Promise<void> {
    await this.doc.load();
  }
}
