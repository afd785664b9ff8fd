import { z } from 'zod';
import type { CipherTier } from '../../shared/profile';
import { CoreError } from '../core-error';
import type { KeyValueStore, NoticeSink, SecretCipher } from '../ports';
import { redactor } from '../redact';
import { VersionedStore } from '../versioned-store';

/** The redactor's owner of the broker password: every log line and error hides it. */
const ROOM_PASSWORD_OWNER = 'room:broker-password';

/** Where the broker password is kept: its own document, beside (never inside) the room's settings. */
const ROOM_SECRET_KEY = 'room-secret';

const StoredRoomSecretSchema = z.object({
  /** The password, encrypted by the vault's cipher (base64); null when none is stored. */
  cipher: z.string().nullable(),
  /** The broker it was entered for (brokerOrigin), null for the broker this PC hosts. */
  boundTo: z.string().nullable(),
  /** How strongly it was stored (the cipher's tier then). */
  tier: z.enum(['strong', 'file', 'test', 'weak']).nullable(),
});
type StoredRoomSecret = z.infer<typeof StoredRoomSecretSchema>;

/** A password encrypted and ready to store (the plain text only for the redactor). */
export interface SealedPassword {
  cipher: string;
  tier: StoredRoomSecret['tier'];
  plain: string;
}

const NONE: StoredRoomSecret = { cipher: null, boundTo: null, tier: null };

/** The profile's words would say "the profile was not saved": this is the broker's password. */
const UNAVAILABLE_ROOM_STORAGE_MESSAGE =
  'This machine cannot encrypt secrets right now, so the broker password was not saved. ' +
  'Secrets are never stored in plain text.';

export const WEAK_ROOM_STORAGE_MESSAGE =
  'Only weak secret storage is available on this machine (no OS keychain answered), so the broker ' +
  'password was not saved. Install or unlock a keychain and try again, or accept weak storage for it.';

/**
 * The room's broker password at rest: encrypted with the same SecretCipher as the profiles' secrets
 * (the vault's rules: never in plain text, refused where the machine cannot encrypt, weak storage
 * only when accepted), and bound to the broker it was entered for.
 */
export class RoomSecret {
  private readonly doc: VersionedStore<StoredRoomSecret>;

  constructor(private readonly deps: { store: KeyValueStore; cipher: SecretCipher; onNotice: NoticeSink }) {
    this.doc = new VersionedStore({
      store: deps.store,
      key: ROOM_SECRET_KEY,
      label: 'room password',
      schema: StoredRoomSecretSchema,
      migrations: [],
      initial: () => ({ ...NONE }),
      onNotice: deps.onNotice,
    });
  }

  /** Whether a password is stored, and for which broker (never the password). */
  async binding(): Promise<{ stored: boolean; boundTo: string | null }> {
    const doc = await this.doc.load();
    return { stored: doc.cipher !== null, boundTo: doc.boundTo };
  }

  /** The password, decrypted, with the broker it is bound to; null when none is stored. */
  async reveal(): Promise<{ password: string; boundTo: string | null } | null> {
    const doc = await this.doc.load();
    if (doc.cipher === null) return null;
    let password: string;
    try {
      password = await this.deps.cipher.decrypt(new Uint8Array(Buffer.from(doc.cipher, 'base64')));
    } catch {
      throw new CoreError(
        'vault',
        'The room’s broker password cannot be read on this machine (it was stored with another key or ' +
          'keychain). Open the room settings and type it again.',
        undefined,
        { code: 'vault.roomUnreadable' },
      );
    }
    redactor.register(ROOM_PASSWORD_OWNER, password);
    return { password, boundTo: doc.boundTo };
  }

  /**
   * The encrypted form of a new password, for `store` (encrypting first lets a caller refuse the
   * whole change before anything is written).
   */
  async seal(password: string, acceptWeakStorage: boolean): Promise<SealedPassword> {
    const tier: CipherTier = await this.deps.cipher.tier();
    if (tier === 'unavailable')
      throw new CoreError('vault', UNAVAILABLE_ROOM_STORAGE_MESSAGE, undefined, {
        code: 'vault.unavailableRoom',
      });
    if (tier === 'weak' && !acceptWeakStorage)
      throw new CoreError(
        'weak-storage',
        WEAK_ROOM_STORAGE_MESSAGE,
        [
          {
            path: 'acceptWeakStorage',
            message: 'secrets can only be stored weakly here: accept it to save',
            code: 'room.problem.weakStorage',
          },
        ],
        { code: 'vault.weakRoom' },
      );
    let bytes: Uint8Array;
    try {
      bytes = await this.deps.cipher.encrypt(password);
    } catch (e) {
      const technical = (e as Error).message;
      throw new CoreError('vault', `The broker password could not be encrypted: ${technical}`, undefined, {
        code: 'vault.roomNotEncrypted',
        params: { technical },
      });
    }
    return { cipher: Buffer.from(bytes).toString('base64'), tier, plain: password };
  }

  /** Store a sealed password, bound to the broker it goes to. */
  async store(sealed: SealedPassword, boundTo: string | null): Promise<void> {
    await this.doc.replace({ cipher: sealed.cipher, boundTo, tier: sealed.tier });
    redactor.register(ROOM_PASSWORD_OWNER, sealed.plain);
  }

  /** Forget the stored password. */
  async clear(): Promise<void> {
    await this.doc.replace({ ...NONE });
    redactor.register(ROOM_PASSWORD_OWNER, undefined);
  }

  /** Put back the stored password as it was (undo of a failed import). */
  async snapshot(): Promise<() => Promise<void>> {
    const before = structuredClone(await this.doc.load());
    return async () => {
      await this.doc.replace(before);
      redactor.register(ROOM_PASSWORD_OWNER, undefined);
    };
  }

  /** Load now, so a broken file is reported at start-up. */
  async open(): Promise<void> {
    await this.doc.load();
  }
}
