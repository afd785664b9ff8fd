import { CREDENTIAL_FIELDS, type CredentialType, type FieldProblem } from './domain';
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

/** What changed of a saved secret's binding, and why that asks for the secret again. */
export function rebindDetail(reason: RebindReason): string {
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
): FieldProblem[] {
  const why = secretBindingChange(input, existing);
  return CREDENTIAL_FIELDS[input.credentialType].secrets
    .filter((name) => !input.secrets?.[name]?.trim())
    .filter((name) => why !== undefined || !existing?.storedSecrets(name))
    .map((name) => ({
      path: `${prefix}secrets.${name}`,
      message: `${name} is ${why ? rebindWords(why) : 'required: none is stored for this profile'}`,
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
