import type { FieldProblem } from '../../../electron/shared/domain';
import { pathLabel } from './path-label';
import type { TemplateDraft } from './template-draft';

export interface ProblemSummaryProps {
  problems: readonly FieldProblem[];
  draft: TemplateDraft;
  revealed: boolean;
  onReveal(): void;
  onGoTo(problem: FieldProblem): void;
}

const SHOWN = 25;
const plural = (n: number) => `${n} problem${n === 1 ? '' : 's'}`;

/**
 * The count of problems at the top, and once revealed (a send attempt, an import, "Show") the list,
 * each entry a way to its field. Calm on a new form: a count, not a wall of red.
 */
export function ProblemSummary({ problems, draft, revealed, onReveal, onGoTo }: ProblemSummaryProps) {
  if (problems.length === 0)
    return (
      <p className="tpl-summary tpl-summary-ok" data-testid="problem-summary" data-count={0}>
        Ready to send.
      </p>
    );
  return (
    <div
      className={`tpl-summary${revealed ? ' tpl-summary-revealed' : ''}`}
      data-testid="problem-summary"
      data-count={problems.length}
    >
      <p className="tpl-summary-line">
        <span id="tpl-problem-count">{plural(problems.length)} to fix before sending</span>
        {!revealed && (
          <button type="button" className="link" onClick={onReveal}>
            Show
          </button>
        )}
      </p>
      {revealed && (
        <ul className="tpl-summary-list">
          {problems.slice(0, SHOWN).map((p, i) => (
            <li key={`${p.path}-${i}`}>
              <button type="button" className="link" onClick={() => onGoTo(p)}>
                {pathLabel(p.path, draft)}
              </button>
              : {p.message}
            </li>
          ))}
          {problems.length > SHOWN && <li className="text-muted">and {problems.length - SHOWN} more</li>}
        </ul>
      )}
    </div>
  );
}
