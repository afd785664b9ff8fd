import { CREDENTIAL_FIELDS } from '../../../electron/shared/domain';
import type { ProfileTestResult } from '../../../electron/shared/profile';
import type { ProfileDraft } from './profile-draft';

/** A connection test's result, and what it tested: the draft's connection as it stood then. */
export interface TestedDraft {
  fingerprint: string;
  result: ProfileTestResult;
}

/** What saving a draft needs first: nothing, or the operator's word on an untested or failing one. */
export type SaveCheck =
  | { kind: 'tested' }
  | { kind: 'unchanged' }
  | { kind: 'untested' }
  | { kind: 'failed'; result: ProfileTestResult };

/**
 * The part of a draft a connection test depends on: address, type, placement, keys and typed
 * secrets. Renaming a profile does not make its test stale; changing a key does.
 */
export function testFingerprint(draft: ProfileDraft): string {
  const fields = CREDENTIAL_FIELDS[draft.credentialType];
  return JSON.stringify([
    draft.baseUrl.trim(),
    draft.credentialType,
    draft.placement,
    fields.keys.map((k) => (draft.keys[k] ?? '').trim()),
    fields.secrets.map((k) => draft.secrets[k] ?? ''),
  ]);
}

/**
 * Whether a draft may be saved without asking: when a connection test of exactly this connection
 * succeeded, or when an edit leaves the saved connection as it was (a new name). A test of something
 * since changed counts as no test.
 */
export function saveCheck(draft: ProfileDraft, tested: TestedDraft | null, saved?: ProfileDraft): SaveCheck {
  const fingerprint = testFingerprint(draft);
  if (tested && tested.fingerprint === fingerprint)
    return tested.result.ok ? { kind: 'tested' } : { kind: 'failed', result: tested.result };
  if (saved && testFingerprint(saved) === fingerprint) return { kind: 'unchanged' };
  return { kind: 'untested' };
}

/** The checks that need the operator's word before saving. */
export type SaveQuestion = Extract<SaveCheck, { kind: 'untested' | 'failed' }>;

export function needsAsking(check: SaveCheck): check is SaveQuestion {
  return check.kind === 'untested' || check.kind === 'failed';
}
