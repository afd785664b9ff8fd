import { SECRET_FIELD_NAMES } from '../shared/domain';
import type { CodedFieldProblem, ErrorParams, FieldProblem } from '../shared/domain';
import type { AppError, AppErrorKind } from '../shared/contract';
import { redactor } from './redact';

/**
 * A failure of the app itself (not of the platform), typed by its kind.
 *
 * Thrown by the core's services; runHandler turns it into `{ok:false, error}`. The message is
 * shown to the user as is, so it says what happened and what to do; it passes the redactor anyway.
 * Its code is required: the renderer words every error the core raises in the operator's language
 * (the English message stays for logs and diagnostics).
 */
export class CoreError extends Error {
  readonly kind: AppErrorKind;
  readonly details?: CodedFieldProblem[];
  /** A stable code for the renderer to word (see AppError.code), with its parameters. */
  readonly code?: string;
  readonly params?: ErrorParams;

  constructor(kind: AppErrorKind, message: string, details: CodedFieldProblem[] | undefined, coded: Coded) {
    super(redactor.redact(message));
    this.name = 'CoreError';
    this.kind = kind;
    if (details !== undefined) this.details = details.map(redactProblem);
    if (coded !== undefined) {
      this.code = coded.code;
      if (coded.params !== undefined) this.params = redactParams(coded.params);
    }
  }

  toData(): AppError {
    return {
      kind: this.kind,
      message: this.message,
      ...(this.details !== undefined && { details: this.details.map((d) => ({ ...d })) }),
      ...(this.code !== undefined && { code: this.code }),
      ...(this.params !== undefined && { params: { ...this.params } }),
    };
  }

  toJSON(): AppError {
    return this.toData();
  }
}

/** A code and its parameters, as a CoreError or a field problem carries them. */
export interface Coded {
  code: string;
  params?: ErrorParams;
}

/**
 * Parameters through the redactor, as messages are: they are shown and logged like them, so a
 * secret that reached one by mistake (a path that names a secret's value) is hidden there too.
 */
export function redactParams(params: ErrorParams): ErrorParams {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? redactor.redact(v) : v]),
  );
}

/** A field problem with its path, words and parameters through the redactor. */
export function redactProblem(d: CodedFieldProblem): CodedFieldProblem {
  return {
    path: redactor.redact(d.path),
    message: redactor.redact(d.message),
    ...(d.code !== undefined && { code: d.code }),
    ...(d.params !== undefined && { params: redactParams(d.params) }),
  };
}

/** A path ending in a secret's field name: `<path>: <message>` would read as that secret's value to the redactor. */
const SECRET_LEAF = new RegExp(`(^|[^A-Za-z0-9])(${SECRET_FIELD_NAMES.join('|')})$`, 'i');

/** "3 problems: name is required; ..." for a message that names the first few. */
export function summarizeProblems(problems: readonly FieldProblem[], max = 3): string {
  const shown = problems
    .slice(0, max)
    .map((p) => (SECRET_LEAF.test(p.path) ? `${p.message} (${p.path})` : `${p.path}: ${p.message}`));
  const more = problems.length > max ? `; and ${problems.length - max} more` : '';
  return `${shown.join('; ')}${more}`;
}
