import type { FieldProblem } from '../shared/domain';
import type { AppError, AppErrorKind } from '../shared/contract';
import { redactor } from './redact';

/**
 * A failure of the app itself (not of the platform), typed by its kind.
 *
 * Thrown by the core's services; runHandler turns it into `{ok:false, error}`. The message is
 * shown to the user as is, so it says what happened and what to do; it passes the redactor anyway.
 */
export class CoreError extends Error {
  readonly kind: AppErrorKind;
  readonly details?: FieldProblem[];

  constructor(kind: AppErrorKind, message: string, details?: FieldProblem[]) {
    super(redactor.redact(message));
    this.name = 'CoreError';
    this.kind = kind;
    if (details !== undefined)
      this.details = details.map((d) => ({
        path: redactor.redact(d.path),
        message: redactor.redact(d.message),
      }));
  }

  toData(): AppError {
    return {
      kind: this.kind,
      message: this.message,
      ...(this.details !== undefined && { details: this.details.map((d) => ({ ...d })) }),
    };
  }

  toJSON(): AppError {
    return this.toData();
  }
}

/** "3 problems: name is required; ..." for a message that names the first few. */
export function summarizeProblems(problems: readonly FieldProblem[], max = 3): string {
  const shown = problems.slice(0, max).map((p) => `${p.path}: ${p.message}`);
  const more = problems.length > max ? `; and ${problems.length - max} more` : '';
  return `${shown.join('; ')}${more}`;
}
