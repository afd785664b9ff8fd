import type { KeyValueStore, NoticeSink } from './ports';

/**
 * A provisioning import's journal: what each document it writes held before it began.
 *
 * An import writes several documents (profiles, layouts, tours, settings, the PIN), each atomically
 * but not together: a crash between two writes would leave profiles without their layouts. So the
 * import first writes this journal (one atomic write), then the documents, then deletes it. At the
 * next start a journal still there means the import never finished: every document is put back as
 * it was, and the journal goes. A crash leaves the old state, never half of the new one.
 *
 * The journal holds the documents as stored (secrets encrypted, the PIN hashed), nothing more.
 */
const IMPORT_JOURNAL_KEY = 'provisioning-journal';

/** The store keys an import writes ('kiosk-pin' is KioskPin's key). */
const IMPORTED_KEYS = [
  'profiles',
  'layouts',
  'tours',
  'settings',
  'kiosk-pin',
  'room',
  'room-secret',
] as const;

interface Journal {
  startedAt: string;
  /** Each key's stored value before the import; null where nothing was stored. */
  before: Record<string, unknown>;
}

/** Write the journal before the first document is written. */
export async function beginImport(store: KeyValueStore, now: Date): Promise<void> {
  const before: Record<string, unknown> = {};
  for (const key of IMPORTED_KEYS) before[key] = (await store.get(key)) ?? null;
  const journal: Journal = { startedAt: now.toISOString(), before };
  await store.set(IMPORT_JOURNAL_KEY, journal);
}

/** The import finished (or was undone in-process): the journal is no longer needed. */
export async function endImport(store: KeyValueStore): Promise<void> {
  await store.delete(IMPORT_JOURNAL_KEY);
}

/**
 * At start-up, before any document is read: undo an import that a crash interrupted. Returns
 * whether there was one. Says so in a notice (the operator imports the file again).
 */
export async function recoverInterruptedImport(store: KeyValueStore, onNotice: NoticeSink): Promise<boolean> {
  const journal = (await store.get(IMPORT_JOURNAL_KEY).catch(() => undefined)) as Journal | undefined;
  if (!journal || typeof journal !== 'object' || typeof journal.before !== 'object' || !journal.before)
    return false;
  for (const key of IMPORTED_KEYS) {
    if (!Object.hasOwn(journal.before, key)) continue;
    const value = journal.before[key];
    if (value === null || value === undefined) await store.delete(key);
    else await store.set(key, value);
  }
  await endImport(store);
  onNotice({
    level: 'warning',
    source: 'provisioning',
    message:
      `A provisioning import started at ${String(journal.startedAt)} did not finish (the app stopped part-way): ` +
      'what it had written was undone, so none of it applies. Import the file again.',
    code: 'notice.provisioning.interrupted',
    params: { startedAt: String(journal.startedAt) },
  });
  return true;
}
