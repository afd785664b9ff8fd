import { z } from 'zod';
import {
  CREDENTIAL_FIELDS,
  CredentialTypeSchema,
  ErrorParamsSchema,
  OperationSchema,
  PlacementSchema,
} from './domain';
import { AppErrorSchema } from './contract/result';
import { LIMITS, plainText, refusedCharacter } from './limits';

/**
 * How well the secret store protects secrets right now.
 *
 * - strong: the key is held by the operating system: its keychain or keyring (macOS Keychain,
 *   Windows, Secret Service or KWallet on Linux), through safeStorage or the browser shell's keyring.
 * - file: the browser shell where no OS keyring answers (a headless Linux box): a random key in an
 *   owner-only (0600) key file on this disk, outside the data folder. A copied data folder reveals
 *   nothing; anyone (or any program) with this user's access to the machine can read the key.
 * - weak: Linux's `basic_text` backend: a fixed, public key; obfuscation, not protection.
 * - test: a reversible test cipher (tests only).
 * - unavailable: nothing can encrypt; saving secrets is refused.
 */
export const CipherTierSchema = z.enum(['strong', 'file', 'weak', 'test', 'unavailable']);
export type CipherTier = z.infer<typeof CipherTierSchema>;

/** The tier a profile's secrets were stored under ('unavailable' never stores anything). */
export const StorageTierSchema = z.enum(['strong', 'file', 'weak', 'test']);
export type StorageTier = z.infer<typeof StorageTierSchema>;

/** An http(s) URL without user info (credentials go in their own fields, never in the URL). */
export const HttpUrlSchema = z
  .string()
  .trim()
  .min(1, 'base URL is required')
  .max(LIMITS.url, `at most ${LIMITS.url} characters`)
  .refine((v) => v.length > LIMITS.url || refusedCharacter(v) === undefined, {
    message: 'must not contain control or bidirectional characters',
    params: { code: 'problem.text.controlOrBidi' },
  })
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        return (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          url.username === '' &&
          url.password === ''
        );
      } catch {
        return false;
      }
    },
    {
      message: 'must be an http:// or https:// URL without user name or password',
      params: { code: 'problem.profile.urlForm' },
    },
  );

/** `host` or `host:port` (an IPv6 address in brackets): where a platform's media server is reachable from here. */
export const HostPortSchema = z
  .string()
  .trim()
  .min(1, 'host is required')
  .max(260, 'at most 260 characters')
  .regex(
    /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?)(:\d{1,5})?$/,
    'must be host or host:port (no scheme, no path), such as media.example.com:8443 or 203.0.113.7:80',
  );

/**
 * The media host override of a profile (platforms behind NAT): replaces the host and port of every
 * stream URL the platform returns, keeping path and query; `http` for http/ws (and rtmp, rtsp) URLs,
 * `https` for https/wss (and rtmps, rtsps) ones.
 */
export const MediaHostSchema = z
  .object({ http: HostPortSchema.optional(), https: HostPortSchema.optional() })
  .strict();
export type MediaHost = z.infer<typeof MediaHostSchema>;

export const ProfileIdSchema = z
  .string()
  .trim()
  .min(1, 'id is required')
  .max(LIMITS.id, `at most ${LIMITS.id} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, ".", "_" or "-", starting with a letter or digit');

/** The name of a credential key or secret (`userKey`, `authSecret`): the type's own names are checked below. */
const fieldName = z.string().max(64, 'at most 64 characters');

/**
 * A profile as the renderer sees it: never a secret, only whether each one is configured.
 *
 * `keys` holds the non-secret keys of its credential type (userKey, productKey, ...).
 */
export const ProfileViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  placement: PlacementSchema,
  credentialType: CredentialTypeSchema,
  keys: z.record(z.string(), z.string()),
  secrets: z.record(z.string(), z.object({ configured: z.boolean() })),
  storageTier: StorageTierSchema,
  selected: z.boolean(),
  /** Set when the user accepted weak storage for this profile's secrets. */
  weakAccepted: z.boolean().optional(),
  mediaHost: MediaHostSchema.optional(),
});
export type ProfileView = z.infer<typeof ProfileViewSchema>;

/**
 * The one input that creates or edits a profile.
 *
 * Secrets travel one way only (renderer to main). A blank or missing secret keeps the stored one;
 * a new profile, or a change of credential type, needs every secret of the type.
 */
export const ProfileSaveInputSchema = z
  .object({
    /** Absent: a new profile (an id is made from the name). */
    id: ProfileIdSchema.optional(),
    name: plainText(LIMITS.name, { trim: true, required: 'name is required' }),
    baseUrl: HttpUrlSchema,
    placement: PlacementSchema.default('query'),
    credentialType: CredentialTypeSchema,
    keys: z.record(fieldName, plainText(LIMITS.credentialKey, { trim: true })),
    /** Never trimmed: a secret is sent exactly as typed. */
    secrets: z.record(fieldName, plainText(LIMITS.secret)).optional(),
    /** The user saw the warning that this machine can only store secrets weakly and accepted it. */
    acceptWeakStorage: z.boolean().optional(),
    /** Select the profile after saving. */
    select: z.boolean().optional(),
    /** Where the media server really is, when the platform's stream URLs name a host not reachable from here. */
    mediaHost: MediaHostSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const fields = CREDENTIAL_FIELDS[input.credentialType];
    for (const name of fields.keys) {
      if (!input.keys[name])
        ctx.addIssue({
          code: 'custom',
          path: ['keys', name],
          message: `${name} is required`,
          params: { code: 'problem.profile.keyRequired', name },
        });
    }
    for (const name of Object.keys(input.keys)) {
      if (!(fields.keys as readonly string[]).includes(name))
        ctx.addIssue({
          code: 'custom',
          path: ['keys', name],
          message: `not a key of ${input.credentialType} credentials (${fields.keys.join(', ')})`,
          params: {
            code: 'problem.profile.notAKey',
            type: input.credentialType,
            keys: fields.keys.join(', '),
          },
        });
    }
    for (const name of Object.keys(input.secrets ?? {})) {
      if (!(fields.secrets as readonly string[]).includes(name))
        ctx.addIssue({
          code: 'custom',
          path: ['secrets', name],
          message: `not a secret of ${input.credentialType} credentials (${fields.secrets.join(', ')})`,
          params: {
            code: 'problem.profile.notASecret',
            type: input.credentialType,
            secrets: fields.secrets.join(', '),
          },
        });
    }
  });
export type ProfileSaveInput = z.input<typeof ProfileSaveInputSchema>;

/**
 * The profile demo:start creates, with the name the core gives it. The stored name stays this English
 * one (stable across languages and versions); the renderer words it in the reader's language while
 * the profile still has it (profileNameCode), and a name the operator gave it is shown as given.
 */
export const DEMO_PROFILE = { id: 'demo-platform', name: 'Demo platform' } as const;

/** The code of a name the core made up (`demoPlatform`), for the renderer to word; undefined for an operator's name. */
export function profileNameCode(profile: { id: string; name: string }): 'demoPlatform' | undefined {
  return profile.id === DEMO_PROFILE.id && profile.name === DEMO_PROFILE.name ? 'demoPlatform' : undefined;
}

/**
 * The connection test's words as a code and parameters, for the renderer to word in the reader's
 * language (profiles catalog, `report.outcome.*` and `report.probe.*`); `note` is English.
 */
const TestWordsSchema = z.object({ code: z.string(), params: ErrorParamsSchema.optional() });
export type TestWords = z.infer<typeof TestWordsSchema>;

/** What one operation of the matrix gave when the profile was tested. */
const OperationCheckSchema = z.object({
  /** The spec's matrix lets this credential type call the operation. */
  allowed: z.boolean(),
  /** Present when the operation was actually called: 'ok' or the error it gave. */
  checked: z.union([z.literal('ok'), AppErrorSchema]).optional(),
  /** Why an allowed operation was not called, or how the answer was read. */
  note: z.string().optional(),
  /** The note as a code: `products`, `devices` (with `total`), `stream`, `projectProbe`, `notCalled`, `platform.notAllowed`. */
  noteWords: TestWordsSchema.optional(),
});
export type OperationCheck = z.infer<typeof OperationCheckSchema>;

export const ProfileTestResultSchema = z.object({
  /** The credentials were accepted by the platform. */
  ok: z.boolean(),
  credentialType: CredentialTypeSchema,
  message: z.string(),
  operations: z.record(OperationSchema, OperationCheckSchema),
  /**
   * Where the credentials travelled when they were accepted (the spec does not say: the test tries
   * headers first, then the query); absent when neither was accepted.
   */
  placement: PlacementSchema.optional(),
  /** What the operator should know before trusting this connection (plain http across a network). */
  warnings: z.array(z.string()).optional(),
  /**
   * The message as a code (`connected`, `undecided`, `refused`, `refusedTwice`) with its parameters
   * (`placement`, the probe's `note` code and `total`); the failure it names is `error`.
   */
  words: TestWordsSchema.optional(),
  /** The failure the message names: worded by its own code, a platform's words shown as sent. */
  error: AppErrorSchema.optional(),
  /** The host credentials reach over plain http:// across a network (the warning, as a parameter). */
  plainHttpHost: z.string().optional(),
});
export type ProfileTestResult = z.infer<typeof ProfileTestResultSchema>;
