/**
 * Where the browser shell's data key lives: a port with two adapters.
 *
 * KeyringKeyStore (adapters/keyring-key-store.ts) keeps it in the operating system's keyring;
 * KeyFileStore (adapters/key-file-store.ts) in an owner-only key file outside the data folder, for
 * machines where no keyring answers. Keys are 32 random bytes, each stored under the id that the
 * data folder's key location file names, so the data folder says which key is its own and the key
 * itself stays apart from it.
 */
export interface KeyStore {
  /** 'keyring' or 'file': what the data folder's key location file records. */
  readonly kind: KeyStoreKind;
  /** Where the key of `id` is, in words for the user ("the OS keyring (Secret Service)"). */
  where(id: string): string;
  /**
   * The key stored under id; undefined when this store holds none. Throws when the store does not
   * answer (no keyring, locked, unreadable file) or holds something that is not a key.
   */
  read(id: string): Promise<Buffer | undefined>;
  /** Store a new key under id. Throws when one is there already: a key is never overwritten. */
  create(id: string, key: Buffer): Promise<void>;
  /** Remove the key of id; nothing happens when there is none. */
  remove(id: string): Promise<void>;
}

export type KeyStoreKind = 'keyring' | 'file';

/** Key ids are made by the shell (a UUID); anything else is refused before it names a file. */
export const KEY_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function checkKeyId(id: string): string {
  if (!KEY_ID_PATTERN.test(id)) throw new Error(`not a key id: ${JSON.stringify(id)}`);
  return id;
}
