import type { z } from 'zod';
import { formatPath, type OwnIssueCode } from './domain';
import { ROOM_NAME_PATTERN, ROOM_ROOT_PATTERN } from './room';

/**
 * The room settings' problems with codes (`errors:room.problem.*`), for the renderer to word in the
 * operator's language: what the shared schema finds (here) and what the core adds (room-config-store).
 *
 * The schema keeps its names and root as `.regex` checks, so the published JSON Schemas keep their
 * `pattern`; a regex issue is told apart by its pattern, and the number and address fields by their
 * path (zod's own words for them, "expected number, received NaN", say nothing to an operator).
 */

const own = (code: string, message?: string): OwnIssueCode => ({
  code: `room.problem.${code}`,
  params: {},
  ...(message !== undefined && { message }),
});

/**
 * The room's own code for an issue of its settings' schema (with the core's English words when
 * zod's say nothing to an operator), or undefined for zod's: issueProblems' `codeOf`.
 */
export function roomIssueCode(issue: z.core.$ZodIssue): OwnIssueCode | undefined {
  const path = formatPath(issue.path);
  if (path === 'hostedBroker.port') return own('port', 'a port from 1 to 65535');
  if (path === 'hostedBroker.host') return own('host', 'an address to listen on, such as 127.0.0.1');
  if (/^screens\[\d+\]\.display$/.test(path)) return own('display', 'a display number from 1 to 16');
  if (issue.code === 'invalid_format' && issue.format === 'regex') {
    const pattern = (issue as { pattern?: string }).pattern;
    if (pattern === String(ROOM_NAME_PATTERN)) return own('namePattern');
    if (pattern === String(ROOM_ROOT_PATTERN)) return own('rootPattern');
  }
  // The only strings of the settings that must not be blank (the host is above) are names.
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) === 1)
    return own('nameRequired');
  if (issue.code === 'too_big' && path === 'screens')
    return { code: 'room.problem.maxScreens', params: { maximum: Number(issue.maximum) } };
  return undefined;
}
