import { CREDENTIAL_FIELDS, type CodedFieldProblem, type CredentialType, type ErrorParams } from './domain';
import type { MediaHost } from './profile';
import { originOf } from './transport-security';

/**
 * What a stored secret is bound to: the platform's origin (scheme, host, port), the credential type
 * and keys it was entered with, and the media host its streams are fetched from. Stream URLs carry
 * the platform's `secret=`, so a media host override decides where that goes as much as the address.
 */
export interface SecretBinding {
  baseUrl: string;
  credentialType: CredentialType;
  keys: Record<string, string>;
  mediaHost?: MediaHost;
}

/** Why the stored secrets cannot serve a draft: a kind and its parameters (the words are below). */
export type RebindReason =
  | { kind: 'new-profile' }
  | { kind: 'credential-type' }
  | { kind: 'address'; from?: string; to?: string }
  | { kind: 'keys'; changed: string[] }
  | { kind: 'media-host'; scheme: 'http' | 'https'; from?: string; to: string };

const hostOf = (h: string | undefined): string | undefined => h?.trim().toLowerCase() || undefined;

/**
 * Why the secrets stored for `existing` cannot serve `input`, or undefined when they can.
 *
 * Any change of what they are bound to asks for them again, whoever asks: otherwise any caller of the
 * API could send a saved secret to a server of its choice. Setting or changing a media host is such
 * a change; removing one is not (the streams then go where the platform itself says).
 */
export function secretBindingChange(
  input: SecretBinding,
  existing: SecretBinding | undefined,
): RebindReason | undefined {
  if (!existing) return { kind: 'new-profile' };
  if (existing.credentialType !== input.credentialType) return { kind: 'credential-type' };
  const was = originOf(existing.baseUrl);
  const now = originOf(input.baseUrl);
  if (was === undefined || was !== now) return { kind: 'address', from: was, to: now };
  const changed = CREDENTIAL_FIELDS[input.credentialType].keys.filter(
    (k) => (existing.keys[k] ?? '').trim() !== (input.keys[k] ?? '').trim(),
  );
  if (changed.length) return { kind: 'keys', changed };
  for (const scheme of ['http', 'https'] as const) {
    const to = hostOf(input.mediaHost?.[scheme]);
    const from = hostOf(existing.mediaHost?.[scheme]);
    if (to !== undefined && to !== from) return { kind: 'media-host', scheme, from, to };
  }
  return undefined;
}

/** The reason in words, to follow a field's name ("authSecret is required again: …"). It names no value. */
export function rebindWords(reason: RebindReason): string {
  if (reason.kind === 'new-profile') return 'required for a new profile';
  if (reason.kind === 'credential-type') return 'required when the credential type changes';
  return `required again: ${rebindDetail(reason)}`;
}

/**
 * The reason as a code and parameters for the renderer to word (`errors:secret.<code>`), for the
 * secret field `name`: a field's name, origins and hosts, key names; never a value.
 */
function rebindCode(reason: RebindReason | undefined, name: string): { code: string; params: ErrorParams } {
  if (reason === undefined) return { code: 'secret.notStored', params: { name } };
  switch (reason.kind) {
    case 'new-profile':
      return { code: 'secret.newProfile', params: { name } };
    case 'credential-type':
      return { code: 'secret.credentialType', params: { name } };
    case 'address':
      return {
        code: 'secret.address',
        params: { name, ...(reason.from && { from: reason.from }), ...(reason.to && { to: reason.to }) },
      };
    case 'keys':
      return {
        code: 'secret.keys',
        params: { name, changed: reason.changed.join(' and '), count: reason.changed.length },
      };
    case 'media-host':
      return {
        code: 'secret.mediaHost',
        params: { name, scheme: reason.scheme, to: reason.to, ...(reason.from && { from: reason.from }) },
      };
  }
}

/** What changed of a saved secret's binding, and why that asks for the secret again. */
function rebindDetail(reason: RebindReason): string {
  switch (reason.kind) {
    case 'new-profile':
      return 'a new profile has no saved secret';
    case 'credential-type':
      return 'the credential type changed';
    case 'address':
      return (
        `the platform address changed (from ${reason.from ?? 'an unreadable address'} ` +
        `to ${reason.to ?? 'an unreadable address'}), and a saved secret is only sent to the platform it was entered for`
      );
    case 'keys':
      return `${reason.changed.join(' and ')} changed, and a saved secret is only used with the keys it was entered with`;
    case 'media-host':
      return (
        `the ${reason.scheme} media host changed (from ${reason.from ?? 'none'} to ${reason.to}), ` +
        'and stream addresses carry the platform’s secret there'
      );
  }
}

/**
 * The secrets a save (or a test) must bring, as field problems (`secrets.<name>`): every secret of
 * the type not typed, when the stored ones cannot serve the input, or are not stored. The message
 * names the field and says why, never the value ("authSecret is required again: …"); a sentence
 * must not put it after the field's path as `secrets.authSecret: …`, which is how a secret's value is
 * written (the redactor would hide the next word).
 */
export function missingSecrets(
  input: SecretBinding & { secrets?: Record<string, string> },
  existing: (SecretBinding & { storedSecrets: (name: string) => boolean }) | undefined,
  prefix = '',
): CodedFieldProblem[] {
  const why = secretBindingChange(input, existing);
  return CREDENTIAL_FIELDS[input.credentialType].secrets
    .filter((name) => !input.secrets?.[name]?.trim())
    .filter((name) => why !== undefined || !existing?.storedSecrets(name))
    .map((name) => ({
      path: `${prefix}secrets.${name}`,
      message: `${name} is ${why ? rebindWords(why) : 'required: none is stored for this profile'}`,
      ...rebindCode(why, name),
    }));
}

/** Where a refusal to store secrets weakly puts its detail: the option that accepts weak storage. */
export const WEAK_STORAGE_PATH = 'acceptWeakStorage';

/**
 * Whether an error is the vault's refusal to store secrets weakly (the operator may accept it and save
 * again): told by its kind, never by its words.
 */
export function isWeakStorageRefusal(error: { kind: string }): boolean {
  return error.kind === 'weak-storage';
}

/** The port a broker URL means when it names none. */
const BROKER_DEFAULT_PORTS: Record<string, string> = {
  'mqtt:': '1883',
  'mqtts:': '8883',
  'ws:': '80',
  'wss:': '443',
};

/**
 * What the room's broker password is bound to: the broker's scheme, host and port
 * (`mqtts://broker.example:8883`), or null for no broker address (the password then serves only the
 * broker this PC hosts). `URL.origin` cannot serve: it is "null" for mqtt: and mqtts:.
 */
export function brokerOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    const port = parsed.port || BROKER_DEFAULT_PORTS[parsed.protocol] || '';
    return `${parsed.protocol}//${parsed.hostname.toLowerCase()}${port ? `:${port}` : ''}`;
  } catch {
    return null;
  }
}

/** Why the stored broker password cannot go with new settings: the broker's address changed. */
export type BrokerRebindReason = { kind: 'broker-address'; from: string | null; to: string | null };

/**
 * Why a broker password stored for `boundTo` cannot be sent to the broker at `url`, or undefined
 * when it can. The same rule as a profile's secret: a change of where it goes asks for it again,
 * whoever asks, so no caller can send the stored password to a broker of its choice.
 */
export function brokerBindingChange(
  url: string | null,
  boundTo: string | null,
): BrokerRebindReason | undefined {
  const to = brokerOrigin(url);
  return to === boundTo ? undefined : { kind: 'broker-address', from: boundTo, to };
}

/** The reason in words (names no value): "the broker address changed (from … to …): type the password again …". */
export function brokerRebindWords(reason: BrokerRebindReason): string {
  const where = (origin: string | null) => origin ?? 'the broker this PC hosts';
  return (
    `the broker address changed (from ${where(reason.from)} to ${where(reason.to)}), and a saved password ` +
    'is only sent to the broker it was entered for: type the password again'
  );
}
