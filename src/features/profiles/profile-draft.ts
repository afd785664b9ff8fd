import {
  isWeakStorageRefusal as isWeakRefusal,
  missingSecrets,
  rebindDetail,
  secretBindingChange,
  type RebindReason,
} from '../../../electron/shared/secret-binding';
import {
  CREDENTIAL_FIELDS,
  type CredentialType,
  type FieldProblem,
  type Placement,
} from '../../../electron/shared/domain';
import type { AppError } from '../../../electron/shared/contract';
import {
  ProfileSaveInputSchema,
  type ProfileSaveInput,
  type ProfileView,
} from '../../../electron/shared/profile';

/**
 * What the profile form holds while the operator types.
 *
 * Keys and secrets of every credential type live side by side (their names differ across types), so
 * switching the type back and forth loses nothing typed; only the chosen type's fields are sent.
 */
export interface ProfileDraft {
  /** Set when editing a saved profile. */
  id?: string;
  name: string;
  baseUrl: string;
  placement: Placement;
  credentialType: CredentialType;
  keys: Record<string, string>;
  secrets: Record<string, string>;
  /**
   * The media host override as typed (`host[:port]`, blank: none): for http/ws stream URLs, and for
   * https/wss ones.
   */
  mediaHost: { http: string; https: string };
}

export function emptyDraft(type: CredentialType = 'user'): ProfileDraft {
  return {
    name: '',
    baseUrl: '',
    placement: 'query',
    credentialType: type,
    keys: {},
    secrets: {},
    mediaHost: { http: '', https: '' },
  };
}

/** A saved profile in the form: its keys filled in, its secrets blank (they never reach the renderer). */
export function draftFromProfile(profile: ProfileView): ProfileDraft {
  return {
    id: profile.id,
    name: profile.name,
    baseUrl: profile.baseUrl,
    placement: profile.placement,
    credentialType: profile.credentialType,
    keys: { ...profile.keys },
    secrets: {},
    mediaHost: { http: profile.mediaHost?.http ?? '', https: profile.mediaHost?.https ?? '' },
  };
}

/** The override to save: the fields typed, trimmed; undefined when both are blank (no override). */
export function mediaHostOf(draft: Pick<ProfileDraft, 'mediaHost'>): ProfileSaveInput['mediaHost'] {
  const http = draft.mediaHost.http.trim();
  const https = draft.mediaHost.https.trim();
  if (!http && !https) return undefined;
  return { ...(http && { http }), ...(https && { https }) };
}

/**
 * The save input for a draft: only the chosen type's fields, blank secrets left out (a blank secret
 * keeps the stored one when editing).
 */
export function toSaveInput(
  draft: ProfileDraft,
  options: { acceptWeakStorage?: boolean; select?: boolean } = {},
): ProfileSaveInput {
  const fields = CREDENTIAL_FIELDS[draft.credentialType];
  const secrets = Object.fromEntries(
    fields.secrets.map((name) => [name, draft.secrets[name] ?? '']).filter(([, v]) => v !== ''),
  );
  const mediaHost = mediaHostOf(draft);
  return {
    ...(draft.id && { id: draft.id }),
    name: draft.name.trim(),
    baseUrl: draft.baseUrl.trim(),
    placement: draft.placement,
    credentialType: draft.credentialType,
    keys: Object.fromEntries(fields.keys.map((name) => [name, (draft.keys[name] ?? '').trim()])),
    ...(Object.keys(secrets).length > 0 && { secrets }),
    ...(mediaHost && { mediaHost }),
    ...(options.acceptWeakStorage && { acceptWeakStorage: true }),
    ...(options.select && { select: true }),
  };
}

/** The draft as the binding rule sees it (electron/shared/secret-binding.ts): what is sent on saving. */
function bindingOf(draft: ProfileDraft): ProfileSaveInput {
  return toSaveInput(draft);
}

/** The saved profile as the binding rule sees it, with which secrets it has stored. */
function savedBinding(saved: ProfileView | undefined) {
  return saved && { ...saved, storedSecrets: (name: string) => !!saved.secrets[name]?.configured };
}

/**
 * Why the saved secrets of `saved` cannot serve this draft, in the operator's words, or undefined
 * when they can (or there is no saved profile, or the type changed: every secret is new then). The
 * core binds a stored secret to the platform's origin, the keys it was entered with and the media
 * host, by the same rule, and refuses otherwise: the form says so first.
 */
export function secretRebindReason(draft: ProfileDraft, saved: ProfileView | undefined): string | undefined {
  if (!saved || saved.credentialType !== draft.credentialType) return undefined;
  const why = secretBindingChange(bindingOf(draft), saved);
  return why && rebindWords(why);
}

/** What the form says when a saved secret cannot serve the draft, by the shared rule's reason. */
function rebindWords(why: RebindReason): string {
  switch (why.kind) {
    case 'new-profile':
      return 'Type the secret: a new profile has none saved.';
    case 'credential-type':
      return 'Type the secret: the credential type changed.';
    case 'address':
      return 'Type the secret again: a saved secret is only sent to the platform it was entered for.';
    case 'keys':
      return 'Type the secret again: a saved secret is only used with the keys it was entered with.';
    case 'media-host':
      return `Type the secret again: ${rebindDetail(why)}.`;
  }
}

/**
 * Whether a secret field may stay blank: only when editing a profile of the same type whose secret is
 * stored already, for the same platform, keys and media host.
 */
export function secretIsStored(draft: ProfileDraft, saved: ProfileView | undefined, name: string): boolean {
  return !!saved?.secrets[name]?.configured && secretBindingChange(bindingOf(draft), saved) === undefined;
}

/**
 * Check a draft the way the core will, before anything is sent: the shared schema, plus the secrets
 * it must bring by the shared binding rule. Problems are named by their paths (`keys.userKey`).
 */
export function checkDraft(draft: ProfileDraft, saved?: ProfileView): FieldProblem[] {
  const input = toSaveInput(draft);
  const problems: FieldProblem[] = [];
  const parsed = ProfileSaveInputSchema.safeParse(input);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      problems.push({ path: issue.path.map(String).join('.'), message: issue.message });
  // The schema's own key check is a refinement, which zod skips while another field is invalid.
  for (const name of CREDENTIAL_FIELDS[draft.credentialType].keys) {
    if ((draft.keys[name] ?? '').trim() === '')
      problems.push({ path: `keys.${name}`, message: `${name} is required` });
  }
  // Which secrets must be typed, by the shared rule; said in the form's words where a saved one no longer serves.
  const rebind = secretRebindReason(draft, saved);
  for (const p of missingSecrets(bindingOf(draft), savedBinding(saved)))
    problems.push(rebind ? { ...p, message: rebind } : p);
  const seen = new Set<string>();
  return problems.filter(
    (p) => !seen.has(`${p.path}\n${p.message}`) && !!seen.add(`${p.path}\n${p.message}`),
  );
}

/** Problems by path, the first message per path: what each field shows under itself. */
export function fieldErrors(problems: readonly FieldProblem[] | undefined): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const p of problems ?? []) byPath[p.path] ??= p.message;
  return byPath;
}

/** The paths the form has a field for; anything else goes to the message at the top. */
export function formPaths(type: CredentialType): string[] {
  const fields = CREDENTIAL_FIELDS[type];
  return [
    'name',
    'baseUrl',
    'placement',
    'credentialType',
    ...fields.keys.map((k) => `keys.${k}`),
    ...fields.secrets.map((s) => `secrets.${s}`),
    'mediaHost.http',
    'mediaHost.https',
  ];
}

/**
 * The save failed only because this machine can protect secrets weakly: the operator may opt in
 * ("store anyway") and save again. Told by the refusal's detail (electron/shared/secret-binding.ts),
 * never by its words.
 */
export function isWeakStorageRefusal(error: AppError): boolean {
  return isWeakRefusal(error);
}
