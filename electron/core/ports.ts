import type { CipherTier } from '../shared/profile';
import type { DisplayInfo, Notice, WindowOpened, WindowOpenInput } from '../shared/contract';
import type { Credentials } from '../shared/domain';

/**
 * Encrypts secrets for storage.
 *
 * Async because Electron 45's safeStorage is (`isAsyncEncryptionAvailable`, `encryptStringAsync`,
 * `decryptStringAsync`; the sync calls are deprecated and gone in 46). The Electron adapter maps:
 * tier(): 'unavailable' when encryption is not available, 'weak' when Linux uses `basic_text`,
 * else 'strong'. Cipher text is bytes (safeStorage gives a Buffer); the vault stores it base64.
 */
/** Where secrets are kept: English words, and a code with parameters for the renderer to word. */
export interface StorageWords {
  message: string;
  code: string;
  params: Record<string, string | number>;
}

export interface SecretCipher {
  tier(): Promise<CipherTier>;
  /** Where and how the key is kept, in words for the user ("OS keychain (kwallet5)", "key file …"). */
  describe(): Promise<string>;
  /** The same with a code (`vault.where.*`) the renderer words; absent: only the English words. */
  describeCode?(): Promise<StorageWords>;
  encrypt(plain: string): Promise<Uint8Array>;
  /** Throws when the bytes were not made by this cipher (other key, other machine, tampered). */
  decrypt(cipher: Uint8Array): Promise<string>;
}

/**
 * Durable storage of a few JSON documents, each under its own key.
 *
 * The core keeps one versioned document per key ('settings', 'layouts', 'profiles',
 * 'template-history'), so each can be migrated, and kept aside when broken, on its own.
 * Adapters: FileStore (one `<key>.json` per key: browser shell, tests) and the Electron shell's
 * electron-store adapter (one store per key, `name: key`).
 *
 * A value that cannot be read at all (unparseable JSON, unreadable file) must not be lost: get()
 * moves it aside itself and throws UnreadableValueError saying where it went; the core reports it
 * (app:notice) and starts that document afresh. A value that parses but does not validate is kept
 * aside by the core through setAside().
 */
export interface KeyValueStore {
  /** undefined when nothing is stored under key. */
  get(key: string): Promise<unknown>;
  /** Replace the value atomically: a crash mid-write leaves the old value or the new one. */
  set(key: string, value: unknown): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Move the stored value out of the way (for a person to recover) and forget it.
   * Returns where it went (a path, or a key) or undefined when nothing was stored.
   */
  setAside(key: string, reason: string): Promise<string | undefined>;
}

/** Thrown by KeyValueStore.get after it moved an unreadable value aside. */
export class UnreadableValueError extends Error {
  constructor(
    readonly key: string,
    /** Where the unreadable value now is (a path or a key); undefined if it could not be moved. */
    readonly keptAt: string | undefined,
    readonly reason: string,
  ) {
    super(`The stored "${key}" could not be read (${reason}).`);
    this.name = 'UnreadableValueError';
  }
}

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Where notices go: the core turns them into `app:notice` events and keeps the recent ones. */
export type NoticeSink = (notice: NoticeInput) => void;
export type NoticeInput = Omit<Notice, 'id' | 'at'>;

/**
 * What a shell's demo launcher gives: where the embedded demo platform listens and a working User login.
 *
 * The core never imports the demo platform: each shell starts it (electron/demo-platform/embedded-demo.ts)
 * and hands the core a `startDemo` function of this shape.
 */
export interface DemoLaunch {
  baseUrl: string;
  credentials: Credentials;
}
export type DemoLauncher = () => Promise<DemoLaunch>;

/**
 * Where a shell keeps tile snapshots (the desktop app: the user's Pictures folder). `save` writes the
 * bytes under `name` (a safe file name the core made) without replacing a file already there (it adds
 * " (2)", " (3)", … before the extension) and says where they went. Absent in the browser shell,
 * whose page downloads its snapshots itself.
 */
export interface SnapshotFolder {
  save(name: string, bytes: Uint8Array): Promise<{ name: string; path: string }>;
}

/**
 * The shell's windows, as a port: the desktop app opens a view in a BrowserWindow of its own on a
 * chosen display (electron/main/app/view-windows.ts). The browser shell has none: its page opens a
 * browser window itself.
 */
export interface WallWindows {
  displays(): Promise<DisplayInfo[]>;
  open(input: WindowOpenInput): Promise<WindowOpened>;
}
