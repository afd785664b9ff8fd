import i18next from 'i18next';
import type { AppError } from '../../../electron/shared/contract';
import type { ProfileTestResult, TestWords } from '../../../electron/shared/profile';
import { codeWords, PLATFORM_ANSWERED } from '../../lib/error-words';
import { plainError } from '../../lib/plain-error';

// Keys are built from the core's codes, so they are looked up (and checked) at run time.
const t = (key: string, params?: object): string =>
  (i18next.t as unknown as (k: string, o?: object) => string)(key, { ...params, ns: 'profiles' });
const has = (key: string): boolean => i18next.exists(key, { ns: 'profiles' });

/**
 * What a connection test's probe did, or why an operation was not called, in the reader's language
 * from its code (`report.probe.*`, a refusal by the credential matrix from the errors catalog);
 * undefined when there are no words for it here (a newer core): its English note is shown then.
 */
export function probeWords(words: TestWords | undefined): string | undefined {
  if (!words) return undefined;
  const { code, params } = words;
  if (code.startsWith('platform.')) return codeWords(code, params);
  const key = `report.probe.${code}`;
  if (!has(key)) return undefined;
  const total = params?.total;
  if (typeof total === 'number' && has(`${key}None`))
    return total === 0 ? t(`${key}None`) : t(`${key}Total`, { count: total });
  return t(key);
}

/** A failure the test met: a platform's own words as it sent them (`platform: true`), else in the reader's language. */
export function testErrorWords(error: AppError): { text: string; platform: boolean } {
  const said = error.code === PLATFORM_ANSWERED ? error.params?.platformMessage : undefined;
  if (said !== undefined) return { text: String(said), platform: true };
  return { text: plainError(error).message, platform: false };
}

/**
 * The test's headline in the reader's language, from its code (`report.outcome.*`) and parameters:
 * where the credentials went, what the probe did; the failure it met follows it (testErrorWords).
 * Undefined when there are no words for the code here: the core's English message is shown then.
 */
export function outcomeWords(result: ProfileTestResult): string | undefined {
  const words = result.words;
  if (!words) return undefined;
  const key = `report.outcome.${words.code}`;
  if (!has(key)) return undefined;
  const params = words.params ?? {};
  const note = probeWords({
    code: String(params.note),
    ...(params.total !== undefined && { params: { total: params.total } }),
  });
  const where = `report.where.${String(params.placement)}`;
  return t(key, { where: has(where) ? t(where) : String(params.placement), note: note ?? '' });
}
