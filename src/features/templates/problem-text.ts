import type { ErrorParams } from '../../../electron/shared/domain';
import { codeWords, fieldProblemWords } from '../../lib/error-words';
import { words } from './words';

/** A problem (or a note) as the form holds it: its English words, and the code it is worded from. */
export interface CodedWords {
  message: string;
  code?: string;
  params?: ErrorParams;
}

/**
 * A problem of the form (or of the core, or the platform) in the operator's language, from its code:
 * the form's and the rule book's (`template.*`) by the templates catalog, in every language; the
 * core's (`input.*`, `platform.*`) by the errors catalog; a problem with no code known here (the
 * platform's own words about a field) as it came.
 */
export function wordProblem(problem: CodedWords): string {
  const { code, params } = problem;
  // Started here: the form's store words problems outside React, maybe before the composition root.
  words();
  if (code?.startsWith('template.')) return codeWords(code, params) ?? problem.message;
  return fieldProblemWords(problem);
}
