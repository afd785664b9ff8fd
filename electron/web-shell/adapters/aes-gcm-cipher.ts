import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { CipherTier } from '../../shared/profile';
import type { SecretCipher } from '../../core/ports';

export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** First byte of every cipher text, so a later format can be told apart. */
const FORMAT = 1;

/** The data key as the data folder found it, or why there is none. */
export type DataKeyState =
  | {
      ok: true;
      /** Encrypts every new secret. */
      key: Buffer;
      /**
       * Keys that may still open older secrets (an old in-folder key file that differed from the
       * folder's key): tried after `key` when decrypting, never used to encrypt.
       */
      older?: readonly Buffer[];
      /** 'strong' in an OS keyring, 'file' in a key file on this disk. */
      tier: Extract<CipherTier, 'strong' | 'file'>;
      /** Where the key is, in words for the user: "the OS keyring (Secret Service)". */
      where: string;
    }
  | { ok: false; reason: string };

/**
 * The browser shell's SecretCipher: AES-256-GCM with a random 32-byte key held apart from the data.
 *
 * Each value gets a fresh random 96-bit IV; the GCM tag makes tampering or a wrong key fail
 * loudly. The key comes from the data folder (openDataFolder): the OS keyring where one answers
 * (tier 'strong'), else an owner-only key file outside the data folder (tier 'file'). Without a
 * key the tier is 'unavailable' and describe() says why; nothing is encrypted then.
 */
export class AesGcmCipher implements SecretCipher {
  constructor(private readonly state: DataKeyState) {}

  async tier(): Promise<CipherTier> {
    return this.state.ok ? this.state.tier : 'unavailable';
  }

  async describe(): Promise<string> {
    return this.state.ok
      ? `AES-256-GCM with a random key in ${this.state.where}`
      : `unavailable: ${this.state.reason}`;
  }

  async encrypt(plain: string): Promise<Uint8Array> {
    return seal(this.key(), plain);
  }

  async decrypt(data: Uint8Array): Promise<string> {
    const key = this.key();
    return unseal([key, ...((this.state.ok && this.state.older) || [])], data);
  }

  private key(): Buffer {
    if (!this.state.ok) throw new Error(`secret storage is unavailable: ${this.state.reason}`);
    return this.state.key;
  }
}

/** `FORMAT | IV | tag | cipher text` of plain under key. */
export function seal(key: Buffer, plain: string): Uint8Array {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return new Uint8Array(Buffer.concat([Buffer.from([FORMAT]), iv, cipher.getAuthTag(), body]));
}

/** The plain text of sealed bytes under the first of keys that opens them; throws if none does. */
export function unseal(keys: readonly Buffer[], data: Uint8Array): string {
  const bytes = Buffer.from(data);
  if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== FORMAT)
    throw new Error('not a cipher text of this store');
  const iv = bytes.subarray(1, 1 + IV_BYTES);
  const tag = bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const body = bytes.subarray(1 + IV_BYTES + TAG_BYTES);
  for (const key of keys) {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      // The GCM tag did not match: another key, or tampered. Try the next key.
    }
  }
  throw new Error('the secret cannot be decrypted with this key (another key, or tampered)');
}
