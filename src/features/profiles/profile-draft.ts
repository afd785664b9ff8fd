import i18next from 'i18next';
import {
  isWeakStorageRefusal as isWeakRefusal,
  missingSecrets,
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
import { startI18n } from '../../i18n/start-i18n';

/**
 * The app's words outside a component. The composition root starts the language before the first
 * render; a caller that runs without it (a unit test, a script) has it started here, in the
 * operator's language, rather than getting empty words.
 */
const words = () => (i18next.isInitialized ? i18next : startI18n());

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
function mediaHostOf(draft: Pick<ProfileDraft, 'mediaHost'>): ProfileSaveInput['mediaHost'] {
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
  const { t } = words();
  switch (why.kind) {
    case 'new-profile':
      return t('profiles:rebind.newProfile');
    case 'credential-type':
      return t('profiles:rebind.credentialType');
    case 'address':
      return t('profiles:rebind.address');
    case 'keys':
      return t('profiles:rebind.keys');
    case 'media-host':
      return t('profiles:rebind.mediaHost', {
        scheme: why.scheme,
        from: why.from ?? t('profiles:rebind.mediaHostNone'),
        to: why.to,
      });
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
  const { t } = words();
  const input = toSaveInput(draft);
  const problems: FieldProblem[] = [];
  // A blank field, in the form's words (the schema's own key check is a refinement, which zod skips
  // while another field is invalid; and the schema's words are English).
  const blank = new Set<string>();
  const required = (path: string, message: string) => {
    blank.add(path);
    problems.push({ path, message });
  };
  if (input.name === '') required('name', t('profiles:form.nameRequired'));
  if (input.baseUrl === '') required('baseUrl', t('profiles:form.baseUrlRequired'));
  for (const name of CREDENTIAL_FIELDS[draft.credentialType].keys)
    if ((draft.keys[name] ?? '').trim() === '')
      required(`keys.${name}`, t('profiles:form.keyRequired', { name }));
  const parsed = ProfileSaveInputSchema.safeParse(input);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      if (!blank.has(path)) problems.push({ path, message: issue.message });
    }
  // Which secrets must be typed, by the shared rule, and why, in the form's words.
  const rebind = secretRebindReason(draft, saved);
  const secretRequired = missingSecretWords(secretBindingChange(input, saved));
  for (const p of missingSecrets(input, savedBinding(saved)))
    problems.push({ ...p, message: rebind ?? secretRequired(p.path.replace(/^secrets\./, '')) });
  const seen = new Set<string>();
  return problems.filter(
    (p) => !seen.has(`${p.path}\n${p.message}`) && !!seen.add(`${p.path}\n${p.message}`),
  );
}

/** Why a secret must be typed where no saved one is being re-bound: a new profile, a new type, none stored. */
function missingSecretWords(why: RebindReason | undefined): (name: string) => string {
  const { t } = words();
  if (why?.kind === 'new-profile') return (name) => t('profiles:form.secretRequiredNew', { name });
  if (why?.kind === 'credential-type') return (name) => t('profiles:form.secretRequiredType', { name });
  return (name) => t('profiles:form.secretRequiredNone', { name });
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
