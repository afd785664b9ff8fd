import type { FieldProblem } from '../../../electron/shared/domain';
import { fieldIdForPath, isFieldShown, type FieldId } from './field-ids';
import type { CodedWords } from './problem-text';
import type { TemplateDraft } from './template-draft';

/** Place problems at their fields; the ones with no field on screen go to the top. */
export function placeProblems(
  problems: readonly FieldProblem[],
  draft: TemplateDraft,
): { external: Record<FieldId, CodedWords[]>; unplaced: FieldProblem[] } {
  const external: Record<FieldId, CodedWords[]> = {};
  const unplaced: FieldProblem[] = [];
  for (const problem of problems) {
    const id = fieldIdForPath(problem.path, draft);
    if (id === null || !isFieldShown(id, draft)) unplaced.push(problem);
    else if (!(external[id] ?? []).some((p) => p.message === problem.message))
      external[id] = [...(external[id] ?? []), problem];
  }
  return { external, unplaced };
}
