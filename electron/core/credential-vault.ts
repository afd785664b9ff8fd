import { slugId } from '../shared/slug-id';
import { z } from 'zod';
import {
  CREDENTIAL_FIELDS,
  CredentialsSchema,
  CredentialTypeSchema,
  PlacementSchema,
  issueProblems,
  SECRET_FIELD_NAMES,
  type Credentials,
  type FieldProblem,
} from '../shared/domain';
import {
  MediaHostSchema,
  ProfileSaveInputSchema,
  StorageTierSchema,
  type CipherTier,
  type ProfileSaveInput,
  type ProfileView,
  type StorageTier,
} from '../shared/profile';
import { originOf } from '../shared/transport-security';
import {
  missingSecrets,
  rebindWords,
  secretBindingChange as bindingChange,
  WEAK_STORAGE_PATH,
  type SecretBinding,
} from '../shared/secret-binding';
import { CoreError, summarizeProblems } from './core-error';
import { systemClock, type Clock, type KeyValueStore, type NoticeSink, type SecretCipher } from './ports';
import { redactor } from './redact';
import { VersionedStore } from './versioned-store';

/** A profile at rest. Secrets are cipher text (base64), never plain. */
const StoredProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  placement: PlacementSchema,
  credentialType: CredentialTypeSchema,
  keys: z.record(z.string(), z.string()),
  secrets: z.record(z.string(), z.string()),
  storageTier: StorageTierSchema,
  weakAccepted: z.boolean().optional(),
  mediaHost: MediaHostSchema.optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
type StoredProfile = z.infer<typeof StoredProfileSchema>;

const ProfilesDocSchema = z.object({ profiles: z.array(StoredProfileSchema) });
type ProfilesDoc = z.infer<typeof ProfilesDocSchema>;

/** A profile as the vault shows it: everything but the secrets (and the selection, kept in settings). */
export type VaultProfile = Omit<ProfileView, 'selected'> & { updatedAt: number };

/** Where a profile's platform is and how to reach it, secrets included: for building clients only. */
export interface Connection {
  baseUrl: string;
  placement: ProfileView['placement'];
  credentials: Credentials;
}

const TIER_RANK: Record<StorageTier, number> = { weak: 0, test: 1, file: 2, strong: 3 };

const WEAK_STORAGE_MESSAGE =
  'Only weak secret storage is available on this machine: no OS keychain (such as GNOME Keyring or KWallet) ' +
  'answered, so secrets could only be obfuscated with a key that is the same on every Linux machine. ' +
  'The profile was not saved. Install or unlock a keychain and try again, or confirm that you accept ' +
  'weak storage for this profile ("acceptWeakStorage").';

export const UNAVAILABLE_STORAGE_MESSAGE =
  'This machine cannot encrypt secrets right now, so the profile was not saved. ' +
  'Secrets are never stored in plain text.';

/**
 * The connection profiles and their secrets.
 *
 * Secrets enter through save() and leave only through connectionFor(), which the core uses to build
 * platform clients; every other answer is a view that says only whether a secret is configured.
 * Secrets are encrypted by the SecretCipher before they are stored. Where the cipher is weak
 * (Linux basic_text), saving a secret is refused unless the caller accepts weak storage; where it is
 * unavailable, always.
 */
export class CredentialVault {
  private readonly doc: VersionedStore<ProfilesDoc>;
  private readonly clock: Clock;

  constructor(
    private readonly deps: {
      store: KeyValueStore;
      cipher: SecretCipher;
      onNotice: NoticeSink;
      clock?: Clock;
    },
  ) {
    this.clock = deps.clock ?? systemClock;
    this.doc = new VersionedStore({
      store: deps.store,
      key: 'profiles',
      label: 'profiles',
      schema: ProfilesDocSchema,
      migrations: [
        (data) => {
          if (!Array.isArray(data)) throw new Error('the profiles are not a list');
          return { profiles: data };
        },
      ],
      initial: () => ({ profiles: [] }),
      onNotice: deps.onNotice,
      salvage: (data) => {
        const list = (data as { profiles?: unknown } | null)?.profiles;
        if (!Array.isArray(list)) return undefined;
        const kept: StoredProfile[] = [];
        const lost: string[] = [];
        list.forEach((item, i) => {
          const parsed = StoredProfileSchema.safeParse(item);
          if (parsed.success && !kept.some((p) => p.id === parsed.data.id)) kept.push(parsed.data);
          else lost.push(`profile ${i + 1}`);
        });
        return { value: { profiles: kept }, lost };
      },
    });
  }

  tier(): Promise<CipherTier> {
    return this.deps.cipher.tier();
  }

  async list(): Promise<VaultProfile[]> {
    const [doc, tier] = await Promise.all([this.doc.load(), this.deps.cipher.tier()]);
    return doc.profiles.map((p) => viewOf(p, tier));
  }

  async get(id: string): Promise<VaultProfile | undefined> {
    const stored = (await this.doc.load()).profiles.find((p) => p.id === id);
    return stored && viewOf(stored, await this.deps.cipher.tier());
  }

  /** Create or edit one profile. A blank secret keeps the stored one. */
  async save(input: ProfileSaveInput): Promise<VaultProfile> {
    const [saved] = await this.saveMany([input]);
    return saved;
  }

  /**
   * Create or edit several profiles in one write: all are checked and encrypted first, so either
   * every one is saved or none is.
   */
  async saveMany(inputs: readonly ProfileSaveInput[]): Promise<VaultProfile[]> {
    const saved: StoredProfile[] = [];
    let typed: [owner: string, secret: string][] = [];
    await this.doc.update(async (doc) => {
      typed = [];
      const profiles = [...doc.profiles];
      const problems: FieldProblem[] = [];
      const prepared: {
        index: number;
        input: z.output<typeof ProfileSaveInputSchema>;
        existing?: StoredProfile;
      }[] = [];
      inputs.forEach((raw, index) => {
        const prefix = inputs.length > 1 ? `[${index}].` : '';
        const parsed = ProfileSaveInputSchema.safeParse(raw);
        if (!parsed.success) {
          problems.push(...issueProblems(parsed.error.issues, { prefix }));
          return;
        }
        const input = parsed.data;
        const existing = input.id ? profiles.find((p) => p.id === input.id) : undefined;
        problems.push(...missingSecrets(input, bound(existing), prefix));
        prepared.push({ index, input, existing });
      });
      if (problems.length)
        throw new CoreError(
          'invalid-input',
          `The profile cannot be saved: ${sayProblems(problems)}`,
          problems,
          { code: 'vault.cannotSave', params: { count: problems.length } },
        );

      const needsCipher = prepared.filter(({ input }) => hasNewSecrets(input));
      const tier = needsCipher.length ? await this.deps.cipher.tier() : undefined;
      if (tier === 'unavailable')
        throw new CoreError('vault', UNAVAILABLE_STORAGE_MESSAGE, undefined, { code: 'vault.unavailable' });
      if (tier === 'weak') {
        const refused = needsCipher.filter(({ input }) => !input.acceptWeakStorage);
        if (refused.length)
          throw new CoreError(
            'weak-storage',
            WEAK_STORAGE_MESSAGE,
            [
              {
                path: WEAK_STORAGE_PATH,
                message: 'secrets can only be stored weakly here: accept it to save',
                code: 'vault.problem.weak',
              },
            ],
            { code: 'vault.weak' },
          );
      }

      const now = this.clock.now();
      for (const { input, existing } of prepared) {
        const fields = CREDENTIAL_FIELDS[input.credentialType];
        const id = input.id ?? uniqueId(input.name, profiles);
        const reusable = existing !== undefined && bindingChange(input, existing) === undefined;
        const secrets: Record<string, string> = {};
        let newTier: StorageTier | undefined;
        for (const name of fields.secrets) {
          const given = input.secrets?.[name];
          if (given !== undefined && given.trim() !== '') {
            typed.push([ownerOf(id, name), given]);
            secrets[name] = Buffer.from(await this.encrypt(given)).toString('base64');
            newTier = tier as StorageTier;
          } else if (reusable) {
            secrets[name] = existing.secrets[name];
          }
        }
        const storageTier =
          newTier === undefined
            ? existing!.storageTier
            : reusable && fields.secrets.some((n) => !input.secrets?.[n]?.trim())
              ? weakest(newTier, existing.storageTier)
              : newTier;
        const record: StoredProfile = {
          id,
          name: input.name,
          baseUrl: input.baseUrl,
          placement: input.placement,
          credentialType: input.credentialType,
          keys: Object.fromEntries(fields.keys.map((k) => [k, input.keys[k]])),
          secrets,
          storageTier,
          ...(storageTier === 'weak' && { weakAccepted: true }),
          ...(input.mediaHost &&
            (input.mediaHost.http || input.mediaHost.https) && { mediaHost: input.mediaHost }),
          createdAt: existing?.createdAt ?? now,
          updatedAt: now,
        };
        const at = profiles.findIndex((p) => p.id === id);
        if (at >= 0) profiles[at] = record;
        else profiles.push(record);
        saved.push(record);
      }
      return { profiles };
    });
    // Only now, stored: a refused or failed save leaves the redactor as it was.
    for (const [owner, secret] of typed) redactor.register(owner, secret);
    for (const record of saved)
      for (const name of SECRET_FIELD_NAMES)
        if (!record.secrets[name]) redactor.register(ownerOf(record.id, name), undefined);
    return saved.map((p) => viewOf(p));
  }

  async remove(id: string): Promise<boolean> {
    let removed = false;
    await this.doc.update((doc) => {
      const profiles = doc.profiles.filter((p) => p.id !== id);
      removed = profiles.length !== doc.profiles.length;
      return { profiles };
    });
    if (removed) redactor.unregister(ownerOf(id, ''));
    return removed;
  }

  /** The credentials of a profile, decrypted: the only way a secret leaves the vault. */
  async credentialsFor(id: string): Promise<Credentials> {
    return (await this.connectionFor(id)).credentials;
  }

  async connectionFor(id: string): Promise<Connection> {
    const stored = (await this.doc.load()).profiles.find((p) => p.id === id);
    if (!stored)
      throw new CoreError('not-configured', `There is no connection profile "${id}".`, undefined, {
        code: 'notFound.profile',
        params: { id },
      });
    const secrets: Record<string, string> = {};
    for (const name of CREDENTIAL_FIELDS[stored.credentialType].secrets) {
      const text = stored.secrets[name];
      if (!text)
        throw new CoreError(
          'vault',
          `The profile "${stored.name}" has no ${name}; edit it and enter one.`,
          undefined,
          { code: 'vault.secretMissing', params: { name: stored.name, field: name } },
        );
      try {
        secrets[name] = await this.deps.cipher.decrypt(new Uint8Array(Buffer.from(text, 'base64')));
      } catch {
        throw new CoreError(
          'vault',
          `The secrets of profile "${stored.name}" cannot be read on this machine (they were stored with ` +
            `another key or keychain). Edit the profile and enter them again.`,
          undefined,
          { code: 'vault.unreadable', params: { name: stored.name } },
        );
      }
      redactor.register(ownerOf(stored.id, name), secrets[name]);
    }
    const credentials = CredentialsSchema.parse({ type: stored.credentialType, ...stored.keys, ...secrets });
    return { baseUrl: stored.baseUrl, placement: stored.placement, credentials };
  }

  /**
   * The credentials a draft would have if saved (for testing before saving): blank secrets of a
   * draft that edits a stored profile of the same type are taken from it. Its typed secrets are not
   * registered with the redactor (nothing is stored): the caller holds them while it uses them.
   */
  async credentialsForDraft(raw: ProfileSaveInput): Promise<Connection> {
    const input = ProfileSaveInputSchema.parse(raw);
    const existing = input.id ? (await this.doc.load()).profiles.find((p) => p.id === input.id) : undefined;
    const problems = missingSecrets(input, bound(existing));
    if (problems.length)
      throw new CoreError(
        'invalid-input',
        `The profile cannot be tested: ${sayProblems(problems)}`,
        problems,
        { code: 'vault.cannotTest', params: { count: problems.length } },
      );
    const stored =
      existing && bindingChange(input, existing) === undefined
        ? await this.connectionFor(existing.id)
        : undefined;
    const secrets: Record<string, string> = {};
    for (const name of CREDENTIAL_FIELDS[input.credentialType].secrets) {
      const given = input.secrets?.[name];
      secrets[name] =
        given && given.trim() !== ''
          ? given
          : (stored?.credentials as unknown as Record<string, string>)[name];
    }
    const credentials = CredentialsSchema.parse({ type: input.credentialType, ...input.keys, ...secrets });
    return { baseUrl: input.baseUrl, placement: input.placement, credentials };
  }

  /** Load now, so a broken file is reported at start-up rather than on first use. */
  async open(): Promise<void> {
    await this.doc.load();
  }

  /** Put back the profiles as they were (undo of a failed import). */
  async snapshot(): Promise<() => Promise<void>> {
    const before = structuredClone(await this.doc.load());
    return async () => {
      await this.doc.replace(before);
      // The secrets stored meanwhile are gone; the ones put back register again when next decrypted.
      redactor.unregister(ownerOf('', ''));
    };
  }

  private async encrypt(plain: string): Promise<Uint8Array> {
    try {
      return await this.deps.cipher.encrypt(plain);
    } catch (e) {
      const technical = (e as Error).message;
      throw new CoreError('vault', `The secret could not be encrypted: ${technical}`, undefined, {
        code: 'vault.encryptFailed',
        params: { technical },
      });
    }
  }
}

/** Who a stored secret belongs to, for the redactor: `profile:<id>:<field>` (an id has no colon). */
function ownerOf(id: string, field: string): string {
  return id ? `profile:${id}:${field}` : 'profile:';
}

function hasNewSecrets(input: { secrets?: Record<string, string> }): boolean {
  return Object.values(input.secrets ?? {}).some((v) => v.trim() !== '');
}

/**
 * Why the stored secrets of `existing` cannot serve `input`, in words, or undefined when they can:
 * the one rule of electron/shared/secret-binding.ts (origin, credential type, keys, media host).
 */
export function secretBindingChange(
  input: SecretBinding,
  existing: SecretBinding | undefined,
): string | undefined {
  const why = bindingChange(input, existing);
  return why && rebindWords(why);
}

export { originOf };

/** The stored profile as the binding rule sees it, with which of its secrets are stored. */
function bound(existing: StoredProfile | undefined) {
  return existing && { ...existing, storedSecrets: (name: string) => Boolean(existing.secrets[name]) };
}

const SECRET_PATH = /secrets\.[^.]+$/;

/**
 * Problems as one sentence. A secret's problem is said by its own message, which names the field
 * ("authSecret is required again: …"), never after its path as "secrets.authSecret: …": that is how
 * a secret's value is written, and the redactor would hide the word after it.
 */
function sayProblems(problems: readonly FieldProblem[], max = 3): string {
  const shown = problems
    .slice(0, max)
    .map((p) =>
      SECRET_PATH.test(p.path) ? `${p.path.replace(SECRET_PATH, '')}${p.message}` : summarizeProblems([p]),
    );
  return shown.join('; ') + (problems.length > max ? `; and ${problems.length - max} more` : '');
}

function weakest(a: StorageTier, b: StorageTier): StorageTier {
  return TIER_RANK[a] <= TIER_RANK[b] ? a : b;
}

/**
 * A profile as shown. Its tier is the weaker of the one it was stored under and the cipher's now: a
 * key that has since moved to weaker storage (an old browser-shell key file that called itself
 * strong) protects the stored secrets no better than where it is now.
 */
function viewOf(p: StoredProfile, tierNow?: CipherTier): VaultProfile {
  return {
    id: p.id,
    name: p.name,
    baseUrl: p.baseUrl,
    placement: p.placement,
    credentialType: p.credentialType,
    keys: { ...p.keys },
    secrets: Object.fromEntries(
      CREDENTIAL_FIELDS[p.credentialType].secrets.map((name) => [
        name,
        { configured: Boolean(p.secrets[name]) },
      ]),
    ),
    storageTier: tierNow && tierNow !== 'unavailable' ? weakest(p.storageTier, tierNow) : p.storageTier,
    ...(p.weakAccepted && { weakAccepted: true }),
    ...(p.mediaHost && { mediaHost: { ...p.mediaHost } }),
    updatedAt: p.updatedAt,
  };
}

function uniqueId(name: string, profiles: readonly StoredProfile[]): string {
  return slugId(name, (id) => profiles.some((p) => p.id === id), 'profile');
}
