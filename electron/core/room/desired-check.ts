import { formatPath, type ErrorParams } from '../../shared/domain';
import { placeTiles } from '../../shared/layout';
import { ROOM_MESSAGE_MAX_BYTES, RoomDesiredSchema, type RoomDesired } from '../../shared/room';
import { tourReferenceProblems, type TourViewRef } from '../../shared/tour';

/**
 * Why a screen refuses a message: its English words, and the same as a code (`room.rejected.*`)
 * with parameters (numbers, paths, names; never the payload) for a console to word in its language.
 */
export interface Refusal {
  reason: string;
  reasonCode: string;
  reasonParams: ErrorParams;
}

/** A desired message a screen can apply, or why not (`rev` when the message carried a readable one). */
export type DesiredCheck = { ok: true; desired: RoomDesired } | ({ ok: false; rev: number | null } & Refusal);

const refusal = (reason: string, code: string, params: ErrorParams = {}): Refusal => ({
  reason: clip(reason),
  reasonCode: `room.rejected.${code}`,
  reasonParams: params,
});
/** Where the problems are (`view.tiles[2].column, tour.views[0]`): what the coded words name. */
const wherePaths = (paths: readonly string[]) => clip(paths.slice(0, 3).join(', '));

/** What only this PC knows: its selected profile and its saved views. */
export interface LocalFacts {
  /** The profile that resolves deviceKeys here, or null when none is selected (or it is gone). */
  selectedProfile(): Promise<{ id: string; name: string } | null>;
  savedViews(): Promise<TourViewRef[]>;
}

const REASON_MAX = 500;
const clip = (text: string) => (text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text);

/**
 * The bus's half of the check, the same on every PC: size, JSON, the contract's schema, and whether
 * the view's tiles fit its grid. The reason names what and where (`view.tiles[2].column: …`) and never
 * quotes the payload.
 */
export function checkDesiredMessage(payload: Buffer | number): DesiredCheck {
  const bytes = typeof payload === 'number' ? payload : payload.length;
  if (bytes > ROOM_MESSAGE_MAX_BYTES || typeof payload === 'number')
    return {
      ok: false,
      rev: null,
      ...refusal(
        `the message is ${bytes} bytes, above the limit of ${ROOM_MESSAGE_MAX_BYTES} bytes`,
        'tooLarge',
        { bytes, max: ROOM_MESSAGE_MAX_BYTES },
      ),
    };
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch (error) {
    // Only where it broke: the parser's own message quotes the payload, which must not reach a log.
    const at = /position (\d+)/.exec((error as Error).message)?.[1];
    return {
      ok: false,
      rev: null,
      ...(at
        ? refusal(`not JSON (it breaks at byte ${at})`, 'notJsonAt', { at: Number(at) })
        : refusal('not JSON', 'notJson')),
    };
  }
  const rev = readableRev(json);
  const parsed = RoomDesiredSchema.safeParse(json);
  if (!parsed.success) {
    const problems = explain(parsed.error.issues, json);
    return {
      ok: false,
      rev,
      ...refusal(
        `not a valid desired message: ${problems
          .slice(0, 3)
          .map((p) => `${p.where}: ${p.what}`)
          .join('; ')}`,
        'invalid',
        { paths: wherePaths(problems.map((p) => p.where)), count: problems.length },
      ),
    };
  }
  const desired = parsed.data;
  if ('view' in desired) {
    const { problems } = placeTiles(desired.view);
    if (problems.length > 0) {
      const words = problems.slice(0, 3).map((p) => `view.${p.path}: ${p.message}`);
      return {
        ok: false,
        rev,
        ...refusal(`the view does not fit its grid: ${words.join('; ')}`, 'viewDoesNotFit', {
          paths: wherePaths(problems.map((p) => `view.${p.path}`)),
          count: problems.length,
        }),
      };
    }
  }
  return { ok: true, desired };
}

/** This PC's half: a profile to resolve the devices with, and the saved views a tour names. */
export async function localRefusal(
  desired: RoomDesired,
  facts: LocalFacts,
  pc: string,
): Promise<Refusal | null> {
  if ('clear' in desired) return null;
  const profile = await facts.selectedProfile();
  if (!profile)
    return refusal(
      `no profile is selected on ${pc}, so it cannot resolve the devices (select one there)`,
      'noProfile',
      { pc },
    );
  if ('tour' in desired) {
    const views = new Map((await facts.savedViews()).map((v) => [v.id, v]));
    const problems = tourReferenceProblems(desired.tour, views, 'tour');
    if (problems.length > 0) {
      const words = problems.slice(0, 3).map((p) => `${p.path}: ${p.message} on ${pc}`);
      return refusal(`the tour cannot run here: ${words.join('; ')}`, 'tourCannotRun', {
        pc,
        paths: wherePaths(problems.map((p) => p.path)),
        count: problems.length,
      });
    }
  }
  return null;
}

/** A screen's refusal of a revision not above the one it already had (its words and code). */
export function staleRevision(rev: number, highest: number): Refusal {
  return refusal(
    `revision ${rev} is not above revision ${highest}, which this screen already had: send it again (a console numbers it anew)`,
    'staleRev',
    { rev, highest },
  );
}

type Issue = { code: string; path: PropertyKey[]; message: string; keys?: string[]; errors?: Issue[][] };

const COMMANDS = ['view', 'tour', 'clear'] as const;
const HEADER = new Set(['rev', 'by', 'at']);

/**
 * The schema's problems as `path: message`, the union of commands read as the branch the message
 * meant (its `view`, `tour` or `clear` key), so a bad tile says `view.tiles[2].column`, not "Invalid input".
 */
function explain(
  issues: readonly Issue[],
  json: unknown,
  at: PropertyKey[] = [],
): { where: string; what: string }[] {
  const keys = json !== null && typeof json === 'object' ? Object.keys(json) : [];
  return issues.flatMap((issue): { where: string; what: string }[] => {
    const path = [...at, ...issue.path];
    const where = formatPath(path) || '(message)';
    if (issue.code === 'invalid_union' && issue.errors && path.length === 0) {
      const meant = COMMANDS.findIndex((c) => keys.includes(c));
      if (meant < 0) return [{ where, what: 'needs one of "view", "tour" or "clear"' }];
      return explain(issue.errors[meant] ?? [], json, path);
    }
    if (issue.code === 'unrecognized_keys' && path.length === 0) {
      // The command's own check sees the header's keys as unknown: only the others are.
      const extra = (issue.keys ?? []).filter((k) => !HEADER.has(k) && !COMMANDS.includes(k as never));
      const names = extra.map((k) => `"${k.length > 40 ? `${k.slice(0, 39)}…` : k}"`);
      return extra.length > 0 ? [{ where, what: `unknown key(s) ${names.join(', ')}` }] : [];
    }
    return [{ where, what: issue.message }];
  });
}

/** The message's revision when it has a usable one, so a refusal can say which command it was. */
function readableRev(json: unknown): number | null {
  const rev = (json as { rev?: unknown } | null)?.rev;
  return typeof rev === 'number' && Number.isSafeInteger(rev) && rev >= 1 ? rev : null;
}
