import type { ErrorParams } from '../../../electron/shared/domain';

/**
 * A finding of the form's own checks: its English words (kept for a test, a log, an export), and
 * the code (`template.<key>`, worded by the templates catalog's `problems.<key>`) with parameters
 * it is worded from in the operator's language.
 */
export interface Said {
  message: string;
  code: string;
  params?: ErrorParams;
}

/** A finding from its key in the templates catalog's `problems`, its English words and parameters. */
export function said(key: string, message: string, params?: ErrorParams): Said {
  return { message, code: `template.${key}`, ...(params !== undefined && { params }) };
}
