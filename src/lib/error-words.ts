import i18next from 'i18next';
import { templateProblemWords } from './template-problem-words';

/** A parameter of an error's code, as the core sends it: a name, a number, a path. */
type Params = Record<string, string | number>;

/** What a coded error (or field problem) from the core carries. */
export interface CodedError {
  code?: string;
  params?: Params;
  message: string;
  details?: readonly { path: string; message: string; code?: string; params?: Params }[];
}

/** The language the core's own messages are in: in it, they are shown as the core said them. */
const CORE_LANGUAGE = 'en';

/** The code the core gives a platform's answer: its message is the platform's, shown as sent. */
export const PLATFORM_ANSWERED = 'platform.answered';

/** How many problems of bad input are named (the core's summary names as many). */
const PROBLEMS_SHOWN = 3;

// Keys are built from the core's codes, so they are looked up (and checked) at run time.
const t = (key: string, params?: Params): string =>
  (i18next.t as unknown as (k: string, o?: object) => string)(key, { ...params, ns: 'errors' });
/** With a count, a key that has plural forms only (`rows_one`, `rows_other`) exists too. */
const has = (key: string, params?: Params): boolean =>
  i18next.exists(key, { ns: 'errors', ...(typeof params?.count === 'number' && { count: params.count }) });
/** A key of another catalog, named in full (`common:credentialType.user`), built from a code. */
const tOther = (key: string, params?: object): string =>
  (i18next.t as unknown as (k: string, o?: object) => string)(key, params);

/** Whether the operator reads another language than the core's messages are in. */
function elsewhere(): boolean {
  const language = i18next.resolvedLanguage ?? i18next.language ?? CORE_LANGUAGE;
  return language.split('-')[0] !== CORE_LANGUAGE;
}

/**
 * A platform's message as the platform sent it, marked as the platform's ("The platform said: …"),
 * in every language: the words are the platform's, only the mark is the app's.
 */
export function platformWords(error: CodedError): string | undefined {
  const said = error.code === PLATFORM_ANSWERED ? error.params?.platformMessage : undefined;
  return said === undefined ? undefined : i18next.t('templates:form.platformSaid', { message: String(said) });
}

/**
 * A coded error from the core in the operator's language, from its code and parameters; undefined
 * when its English message is what to show: the operator reads English (the core's words are
 * English), or the renderer has no words for the code (a newer core, a code not worded yet).
 */
export function errorWords(error: CodedError): string | undefined {
  const code = error.code;
  if (code === undefined || !elsewhere()) return undefined;
  if (code === 'input.invalid') return invalidInputWords(error);
  if (code === 'kiosk.locked') {
    const action = `kiosk.action.${String(error.params?.action)}`;
    return has(action) ? t('kiosk.locked', { action: t(action, error.params) }) : undefined;
  }
  // A refusal that names its problems ("The views file was refused…: {{problems}}") words them too.
  const details = error.details ?? [];
  const params = paramWords(code, error.params);
  return problemWords({
    code,
    params: details.length ? { ...params, problems: problemsWords(details) } : params,
  });
}

/**
 * Parameters that are themselves codes, in words, for the codes that carry them: `store` (which
 * document: `layouts`) from `store.*`, `cause` (why a write failed: `ENOSPC`, `other`) from
 * `storage.cause.*`, `exit` (how the wall's page ended: `oom`) from `page.exit.*`.
 */
function paramWords(code: string, params: Params | undefined): Params | undefined {
  if (params === undefined) return undefined;
  const out = { ...params };
  const files = code.startsWith('storage.') || code.startsWith('notice.store.');
  if (code.startsWith('notice.page.') && params.exit !== undefined)
    out.exit = t(has(`page.exit.${params.exit}`) ? `page.exit.${params.exit}` : 'page.exit.abnormal-exit');
  if (files && params.store !== undefined && has(`store.${params.store}`))
    out.store = t(`store.${params.store}`);
  if (files && params.cause !== undefined) {
    const cause = `storage.cause.${params.cause}`;
    out.cause = t(has(cause) ? cause : 'storage.cause.other', { technical: params.cause, ...params });
  }
  return out;
}

/**
 * A notice from the core in the operator's language: its words from its code and parameters, or its
 * English message (the operator reads English, or the renderer has no words for the code).
 */
export function noticeWords(notice: { message: string; code?: string; params?: Params }): string {
  return errorWords(notice) ?? notice.message;
}

/** One problem's words from its code, or undefined when there are none. */
function problemWords({ code, params }: { code?: string; params?: Params }): string | undefined {
  if (code === undefined) return undefined;
  // zod's bounds are worded by what they bound: characters of a string, items of a list.
  if (/^input\.(tooBig|tooSmall)(Exclusive)?$/.test(code)) {
    const origin = String(params?.origin);
    return t(has(`${code}.${origin}`) ? `${code}.${origin}` : `${code}.other`, params);
  }
  if (code === 'secret.address')
    return t(code, {
      ...params,
      from: params?.from ?? t('secret.unreadableAddress'),
      to: params?.to ?? t('secret.unreadableAddress'),
    });
  if (code === 'secret.mediaHost') return t(code, { ...params, from: params?.from ?? t('secret.noHost') });
  return platformProblemWords(code, params) ?? (has(code, params) ? t(code, params) : undefined);
}

/** Codes whose words depend on one parameter: the parameter names the variant (`input.invalidFormat.regex`). */
const VARIANT_PARAM: Record<string, string> = {
  'input.exactSize': 'origin',
  'input.invalidFormat': 'format',
};

/**
 * The words of codes whose parameters are themselves worded: a system code as its reason, a
 * credential type and an operation by their names, a variant by its parameter; a rule of the
 * template rule book (`template.*`) from the templates catalog.
 */
function platformProblemWords(code: string, params?: Params): string | undefined {
  const variant = VARIANT_PARAM[code];
  if (variant !== undefined) {
    const key = `${code}.${String(params?.[variant])}`;
    return t(has(key) ? key : `${code}.other`, params);
  }
  if (code === 'platform.unreachable' || code === 'platform.unreachableArriving') {
    const reason = `platform.reason.${String(params?.reason)}`;
    return t(code, { ...params, reason: t(has(reason) ? reason : 'platform.reason.none', params) });
  }
  if (code === 'platform.badShape') {
    const what = `platform.what.${String(params?.what)}`;
    return t(code, { ...params, what: t(has(what) ? what : 'platform.what.other') });
  }
  if (code === 'platform.notAllowed') {
    const language = i18next.resolvedLanguage ?? i18next.language;
    const allowed = String(params?.allowed ?? '')
      .split(',')
      .filter(Boolean)
      .map((type) => tOther(`common:credentialType.${type}`));
    return t(code, {
      ...params,
      type: tOther(`common:credentialType.${String(params?.type)}`),
      operation: tOther(`profiles:operationTitle.${String(params?.operation)}`),
      allowed: new Intl.ListFormat(language, { type: 'disjunction' }).format(allowed),
    });
  }
  if (code.startsWith('template.')) return templateProblemWords(code.slice('template.'.length), params);
  return undefined;
}

/** "Invalid input: a: …; b: …; and 2 more", each problem worded from its code (else its English words). */
function invalidInputWords(error: CodedError): string | undefined {
  const details = error.details ?? [];
  if (details.length === 0) return undefined;
  return t('input.invalid', { problems: problemsWords(details) });
}

/** "a: …; b: …; and 2 more": the first few problems, each worded from its code (else its English words). */
function problemsWords(details: NonNullable<CodedError['details']>): string {
  const named = details
    .slice(0, PROBLEMS_SHOWN)
    .map((d) => t('input.problem', { path: d.path, problem: problemWords(d) ?? d.message }));
  if (details.length > PROBLEMS_SHOWN)
    named.push(t('input.more', { count: details.length - PROBLEMS_SHOWN }));
  return named.join(t('input.separator'));
}

/**
 * A code's words in the operator's language, whatever it is (English included), or undefined when
 * the renderer has no words for it: for words the core sends only as a code (a connection test's notes).
 */
export function codeWords(code: string, params?: Params): string | undefined {
  return problemWords({ code, params });
}

/**
 * Why the platform is unreachable (a platform status's reason), in the operator's language from its
 * code; its English words when it has no code known here.
 */
export function platformReasonWords(status: {
  reason?: string;
  reasonCode?: string;
  reasonStatus?: number;
}): string | undefined {
  const key = `health.${String(status.reasonCode)}`;
  if (status.reasonCode === undefined || !has(key)) return status.reason;
  return t(key, { status: status.reasonStatus ?? '' });
}

/** A field problem's words in the operator's language (its English words when it has no code known here). */
export function fieldProblemWords(problem: { message: string; code?: string; params?: Params }): string {
  return (elsewhere() && problemWords(problem)) || problem.message;
}
