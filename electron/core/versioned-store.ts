import type { z } from 'zod';
import { formatPath, type ErrorParams } from '../shared/domain';
import { FolderLostError, folderLostNotice } from './folder-write-gate';
import { storageFailure } from './storage-failure';
import { UnreadableValueError, type KeyValueStore, type NoticeSink } from './ports';

/** Turns the data of version n into the data of version n + 1. */
export type Migration = (data: unknown) => unknown;

export interface VersionedStoreOptions<T> {
  store: KeyValueStore;
  key: string;
  /** Words for messages: "settings" gives "The settings file is not valid ...". */
  label: string;
  schema: z.ZodType<T>;
  /** migrations[n] takes version n to n + 1; the current version is migrations.length. */
  migrations: readonly Migration[];
  initial: () => T;
  onNotice: NoticeSink;
  /**
   * Rescue what can be read from a document that does not validate (say, all layouts but the
   * broken one). The whole original is kept aside either way.
   */
  salvage?: (data: unknown) => { value: T; lost: string[] } | undefined;
}

/** How a document sits in its store. Version 0 is anything stored without this envelope. */
interface Envelope {
  version: number;
  data: unknown;
}

function envelopeOf(raw: unknown): Envelope {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const rec = raw as Record<string, unknown>;
    if (typeof rec.version === 'number' && Number.isInteger(rec.version) && 'data' in rec)
      return { version: rec.version, data: rec.data };
  }
  return { version: 0, data: raw };
}

/**
 * One document of the app (settings, layouts, profiles, template history) in a KeyValueStore:
 * versioned, migrated on load, validated, and never silently lost.
 *
 * A document that cannot be parsed, that a newer app version wrote, whose migration fails or that
 * does not validate is moved aside by the store (a person can recover it) and reported as a notice;
 * the app then goes on with a fresh (or salvaged) document. Writes are serialized.
 */
export class VersionedStore<T> {
  private current: T | undefined;
  private loading: Promise<T> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: VersionedStoreOptions<T>) {}

  get version(): number {
    return this.o.migrations.length;
  }

  /** The document, loaded (and migrated, or kept aside) on first use. */
  load(): Promise<T> {
    if (this.current !== undefined) return Promise.resolve(this.current);
    this.loading ??= this.read().then(
      (value) => {
        this.current = value;
        this.loading = undefined;
        return value;
      },
      (e: unknown) => {
        this.loading = undefined;
        throw e;
      },
    );
    return this.loading;
  }

  /** Apply a change and write it; changes run one after another. Returns the new document. */
  update(change: (current: T) => T | Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const next = this.o.schema.parse(await change(await this.load()));
      await this.write(next);
      return next;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Replace the whole document. */
  replace(value: T): Promise<T> {
    return this.update(() => value);
  }

  private async write(value: T): Promise<void> {
    try {
      await this.o.store.set(this.o.key, { version: this.version, data: value });
    } catch (e) {
      if (e instanceof FolderLostError && e.claimNotice()) this.o.onNotice(folderLostNotice(e));
      throw storageFailure(e, `The ${this.o.label} could not be saved`, {
        code: 'storage.cannotSave',
        params: { store: this.o.key },
      });
    }
    this.current = value;
  }

  private async read(): Promise<T> {
    let raw: unknown;
    try {
      raw = await this.o.store.get(this.o.key);
    } catch (e) {
      if (e instanceof UnreadableValueError) {
        this.notice(`could not be read (${e.reason})`, e.keptAt, 'started afresh', { what: 'unreadable' });
        return this.o.initial();
      }
      throw storageFailure(e, `The ${this.o.label} could not be read`, {
        code: 'storage.cannotRead',
        params: { store: this.o.key },
      });
    }
    if (raw === undefined) return this.o.initial();

    const { version, data } = envelopeOf(raw);
    if (version > this.version) {
      return this.keepAside(
        `was written by a newer version of the app (format ${version}; this one reads up to ${this.version})`,
        { what: 'newer', params: { version, max: this.version } },
      );
    }
    let migrated = data;
    try {
      for (let v = version; v < this.version; v++) migrated = this.o.migrations[v](migrated);
    } catch (e) {
      return this.keepAside(`could not be upgraded from format ${version}: ${(e as Error).message}`, {
        what: 'notUpgraded',
        params: { version },
      });
    }
    const parsed = this.o.schema.safeParse(migrated);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const why = `is not valid (${formatPath(first.path) || 'document'}: ${first.message})`;
      const rescued = this.o.salvage?.(migrated);
      if (rescued) {
        const keptAt = await this.o.store.setAside(this.o.key, why);
        await this.write(rescued.value);
        this.notice(
          `${why}; ${rescued.lost.length ? `left out: ${rescued.lost.join(', ')}` : 'repaired'}`,
          keptAt,
          'the rest was kept',
          { what: 'salvaged' },
        );
        return rescued.value;
      }
      return this.keepAside(why, { what: 'invalid' });
    }
    if (version < this.version) await this.write(parsed.data);
    return parsed.data;
  }

  private async keepAside(why: string, coded: KeptAside): Promise<T> {
    const keptAt = await this.o.store.setAside(this.o.key, why);
    this.notice(why, keptAt, 'started afresh', coded);
    return this.o.initial();
  }

  private notice(why: string, keptAt: string | undefined, outcome: string, coded: KeptAside): void {
    const label = this.o.label;
    const where = keptAt ? `The old file was kept at ${keptAt}.` : 'The old file could not be moved aside.';
    this.o.onNotice({
      level: 'warning',
      source: this.o.key,
      message: `The ${label} file ${why}; ${outcome}. ${where}`,
      ...(keptAt !== undefined && { keptAt }),
      ...keptAsideCode(coded, this.o.key, keptAt),
    });
  }
}

/**
 * Why a document was kept aside, for the notice's code: unreadable (not JSON), newer (a newer app
 * wrote it), notUpgraded (a migration failed), invalid (it did not validate: started afresh) or
 * salvaged (it did not validate: what could be read was kept).
 */
export interface KeptAside {
  what: 'unreadable' | 'newer' | 'notUpgraded' | 'invalid' | 'salvaged';
  params?: ErrorParams;
}

/**
 * A kept-aside document's notice as a code and parameters: `notice.store.<what>.kept` naming where
 * the old file is, or `.notKept` when it could not be moved aside. Technical reasons (a parser's or
 * a schema's words) stay in the English message and the log: the code names the case.
 */
export function keptAsideCode(
  { what, params }: KeptAside,
  store: string,
  keptAt: string | undefined,
): { code: string; params: ErrorParams } {
  return {
    code: `notice.store.${what}.${keptAt === undefined ? 'notKept' : 'kept'}`,
    params: { store, ...params, ...(keptAt !== undefined && { keptAt }) },
  };
}
