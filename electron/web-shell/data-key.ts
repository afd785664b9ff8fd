import { randomBytes, randomUUID } from 'node:crypto';
import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../core/atomic-write';
import { z } from 'zod';
import type { Logger } from '../core/logger';
import { KEY_BYTES, type DataKeyState } from './adapters/aes-gcm-cipher';
import { KEY_ID_PATTERN, type KeyStore, type KeyStoreKind } from './key-store';

/** The data folder's first key file (before the key moved out of the folder); migrated, then removed. */
export const LEGACY_KEY_FILE_NAME = 'secrets.key';
/**
 * In the data folder: which key is this folder's and where it is (`{version, id, store}`), never
 * the key. It travels with the folder, so a moved or renamed folder still finds its key, and a run
 * where the keyring does not answer knows the key is there rather than making another.
 */
export const KEY_LOCATION_FILE_NAME = 'secrets-key-location.json';

const KeyLocationSchema = z.object({
  version: z.literal(1),
  id: z.string().regex(KEY_ID_PATTERN),
  store: z.enum(['keyring', 'file']),
});
type KeyLocation = z.infer<typeof KeyLocationSchema>;

export interface DataKeyStores {
  /** The OS keyring; undefined: none is tried. */
  keyring?: KeyStore;
  /** Key files outside the data folder; undefined when that cannot be (the key folder is inside it). */
  file?: KeyStore;
  /** Why `file` is undefined, for describe(). */
  fileRefusal?: string;
}

export interface DataKey {
  state: DataKeyState;
  /**
   * Put back what finding the key changed (a refused provisioning file leaves everything as it was):
   * an old key file moved out of the folder comes back, a key location file or key made now goes.
   */
  undo(): Promise<void>;
}

/**
 * The data folder's key: found where its key location file says, else made (or moved from the
 * folder's old key file) into the first store that answers, the keyring before the key file.
 *
 * Never loses a key that may have encrypted a secret: the old in-folder key file is removed only
 * once its key is stored elsewhere, read back, and the location file naming it is on disk; a key
 * location whose store does not answer makes the tier 'unavailable' (with the reason) rather than
 * a second key; an old key file that differs from the folder's key is kept, and its key still
 * opens the secrets it sealed. The caller holds the data folder's lock.
 */
export async function findDataKey(dataDir: string, stores: DataKeyStores, log: Logger): Promise<DataKey> {
  const undo: (() => Promise<void>)[] = [];
  const result = (state: DataKeyState): DataKey => ({
    state,
    async undo() {
      for (const step of undo.reverse()) await step();
    },
  });
  const unavailable = (reason: string) => result({ ok: false, reason });
  const legacyFile = path.join(dataDir, LEGACY_KEY_FILE_NAME);
  const locationFile = path.join(dataDir, KEY_LOCATION_FILE_NAME);

  let location: KeyLocation | undefined;
  try {
    location = await readLocation(locationFile);
  } catch (e) {
    return unavailable(
      `the key location file ${locationFile} cannot be used (${e instanceof LocationUnreadable ? e.why : message(e)}), ` +
        'so the saved secrets cannot be decrypted. Restore that file from a backup (it reads ' +
        '{"version": 1, "id": "<key id>", "store": "keyring" or "file"}; a key file is named <key id>.key), ' +
        'or move it aside and restart to start with a new key (saved secrets must then be typed again)',
    );
  }
  let legacy: Buffer | undefined;
  try {
    legacy = await readLegacyKey(legacyFile);
  } catch (e) {
    if (!location)
      return unavailable(`the key file ${legacyFile} cannot be used (${message(e)}); it is left as it is`);
    log.warn(`the old key file ${legacyFile} cannot be used (${message(e)}); it is left as it is`);
  }
  const storeOf = (kind: KeyStoreKind) => (kind === 'keyring' ? stores.keyring : stores.file);
  const removeLegacy = async (key: Buffer, where: string) => {
    try {
      await rm(legacyFile);
    } catch (e) {
      // The key is safe in its new place; the next start tries again.
      log.warn(`the key is now in ${where}, but the old key file ${legacyFile} stays: ${message(e)}`);
      return;
    }
    undo.push(() => writeFileOnce(legacyFile, key));
    log.info(`moved the key from ${legacyFile} to ${where}`);
  };

  if (location) {
    const { id } = location;
    const store = storeOf(location.store);
    if (!store)
      return unavailable(
        location.store === 'keyring'
          ? 'the key is in the OS keyring, which is not used here'
          : `the key is in a key file, which cannot be used here: ${stores.fileRefusal ?? 'no key folder'}`,
      );
    const where = store.where(id);
    let key: Buffer | undefined;
    try {
      key = await store.read(id);
    } catch (e) {
      return unavailable(`the key is in ${where}, which does not answer (${message(e)})`);
    }
    if (key && legacy && !key.equals(legacy)) {
      log.warn(
        `the old key file ${legacyFile} differs from the folder's key in ${where}: it is kept, and secrets it sealed are still read with it`,
      );
      return result({ ok: true, key, older: [legacy], tier: tierOf(store), where });
    }
    if (key && legacy) await removeLegacy(legacy, where); // a move that stopped before its end
    if (!key) {
      // The store answers but lost the key (a reset keyring, a deleted key file, a folder copied
      // from another machine): only a new key lets the user store secrets again.
      key = legacy ?? randomBytes(KEY_BYTES);
      try {
        await store.create(id, key);
      } catch (e) {
        return unavailable(`the key cannot be stored in ${where} (${message(e)})`);
      }
      undo.push(() => store.remove(id));
      if (legacy) await removeLegacy(legacy, where);
      else
        log.warn(
          `the key of this data folder is missing from ${where}: a new key is made there; secrets stored before cannot be decrypted and must be entered again`,
        );
    }
    return result({ ok: true, key, tier: tierOf(store), where });
  }

  // No key location yet: a new data folder, or one whose key is still the old in-folder key file.
  const id = randomUUID();
  const key = legacy ?? randomBytes(KEY_BYTES);
  const problems: string[] = [];
  let store: KeyStore | undefined;
  for (const candidate of [stores.keyring, stores.file]) {
    if (!candidate) continue;
    try {
      await candidate.create(id, key);
      store = candidate;
      break;
    } catch (e) {
      // No cleanup call here: a keyring that did not answer would only make the start wait again.
      problems.push(`${candidate.where(id)}: ${message(e)}`);
    }
  }
  if (!stores.file && stores.fileRefusal) problems.push(stores.fileRefusal);
  if (!store) return unavailable(`no place to keep the key: ${problems.join('; ')}`);
  if (problems.length && store.kind === 'file')
    log.info(`no OS keyring answered (${problems.join('; ')}): the key is kept in a file instead`);
  undo.push(() => store.remove(id));
  const where = store.where(id);
  try {
    await writeLocation(locationFile, { version: 1, id, store: store.kind });
  } catch (e) {
    await store.remove(id).catch(() => undefined);
    return unavailable(`the key location file ${locationFile} cannot be written (${message(e)})`);
  }
  undo.push(() => rm(locationFile, { force: true }));
  if (legacy) await removeLegacy(legacy, where);
  return result({ ok: true, key, tier: tierOf(store), where });
}

function tierOf(store: KeyStore): 'strong' | 'file' {
  return store.kind === 'keyring' ? 'strong' : 'file';
}

async function readLocation(file: string): Promise<KeyLocation | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new LocationUnreadable(text.trim() === '' ? 'it is empty' : 'it is not valid JSON');
  }
  const parsed = KeyLocationSchema.safeParse(data);
  if (!parsed.success) throw new LocationUnreadable('it is not a key location of this app');
  return parsed.data;
}

/** The key location file is there but says nothing usable: why, in words. */
class LocationUnreadable extends Error {
  constructor(readonly why: string) {
    super(why);
  }
}

/** Atomically: a temp file, flushed, renamed over; a crash leaves no half-written location. */
async function writeLocation(file: string, location: KeyLocation): Promise<void> {
  await writeFileAtomically(file, `${JSON.stringify(location, null, 2)}\n`);
}

async function readLegacyKey(file: string): Promise<Buffer | undefined> {
  let key: Buffer;
  try {
    key = await readFile(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  if (key.length !== KEY_BYTES) throw new Error(`it holds ${key.length} bytes, not ${KEY_BYTES}`);
  return key;
}

async function writeFileOnce(file: string, bytes: Buffer): Promise<void> {
  const handle = await open(file, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
