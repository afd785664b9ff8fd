import type { OperationCheck, ProfileTestResult } from '../../../electron/shared/profile';

/**
 * How one row of the connection test reads: worked, a refusal the test expected, a real failure, or
 * not called.
 *
 * A test that passed as a whole can still hold an error on its probe row: the probe asked for
 * something the credentials may not have (a Project's made-up product) and the refusal proved them
 * accepted. That row is not a failure, and a red ✗ under "✓ Connected" says one thing and its
 * opposite; it reads muted, as expected.
 */
export type CheckLook = 'ok' | 'expected' | 'failed' | 'not-called';

export function checkLook(result: Pick<ProfileTestResult, 'ok'>, check: OperationCheck): CheckLook {
  if (check.checked === undefined) return 'not-called';
  if (check.checked === 'ok') return 'ok';
  return result.ok ? 'expected' : 'failed';
}
