import i18next from 'i18next';

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
const has = (key: string): boolean => i18next.exists(key, { ns: 'errors' });

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
  return problemWords({ code, params: error.params });
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
  return has(code) ? t(code, params) : undefined;
}

/** "Invalid input: a: …; b: …; and 2 more", each problem worded from its code (else its English words). */
function invalidInputWords(error: CodedError): string | undefined {
  const details = error.details ?? [];
  if (details.length === 0) return undefined;
  const named = details
    .slice(0, PROBLEMS_SHOWN)
    .map((d) => t('input.problem', { path: d.path, problem: problemWords(d) ?? d.message }));
  if (details.length > PROBLEMS_SHOWN)
    named.push(t('input.more', { count: details.length - PROBLEMS_SHOWN }));
  return t('input.invalid', { problems: named.join(t('input.separator')) });
}

/** A field problem's words in the operator's language (its English words when it has no code known here). */
export function fieldProblemWords(problem: { message: string; code?: string; params?: Params }): string {
  return (elsewhere() && problemWords(problem)) || problem.message;
}
