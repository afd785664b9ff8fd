import { Trans, useTranslation } from 'react-i18next';
import type { FieldProblem } from '../../../electron/shared/domain';
import { pathLabel } from './path-label';
import { wordProblem } from './problem-text';
import type { TemplateDraft } from './template-draft';

export interface ProblemSummaryProps {
  problems: readonly FieldProblem[];
  draft: TemplateDraft;
  revealed: boolean;
  /**
   * What else the panel shows now: `refused` (the platform's refusal above the form: no green "Ready"
   * beside its red), `sent` (a template just created and the form empty again: no count of what a new
   * one still lacks beside the success).
   */
  context?: 'refused' | 'sent' | null;
  onReveal(): void;
  onGoTo(problem: FieldProblem): void;
}

const SHOWN = 25;

/**
 * The count of problems at the top, and once revealed (a send attempt, an import, "Show") the list,
 * each entry a way to its field. Calm on a new form: a count, not a wall of red.
 */
export function ProblemSummary({
  problems,
  draft,
  revealed,
  context = null,
  onReveal,
  onGoTo,
}: ProblemSummaryProps) {
  const { t } = useTranslation('templates');
  if (context === 'sent') return null;
  if (problems.length === 0 && context === 'refused')
    return (
      <p className="tpl-summary" data-testid="problem-summary" data-count={0} data-state="refused">
        {t('summary.refused')}
      </p>
    );
  if (problems.length === 0)
    return (
      <p className="tpl-summary tpl-summary-ok" data-testid="problem-summary" data-count={0}>
        {t('summary.ready')}
      </p>
    );
  return (
    <div
      className={`tpl-summary${revealed ? ' tpl-summary-revealed' : ''}`}
      data-testid="problem-summary"
      data-count={problems.length}
    >
      <p className="tpl-summary-line">
        <span id="tpl-problem-count">{t('summary.count', { count: problems.length })}</span>
        {!revealed && (
          <button type="button" className="link" onClick={onReveal}>
            {t('summary.show')}
          </button>
        )}
      </p>
      {revealed && (
        <ul className="tpl-summary-list">
          {problems.slice(0, SHOWN).map((p, i) => (
            <li key={`${p.path}-${i}`}>
              {/* Typed text stays text: place and problem are elements, not markup in the string. */}
              <Trans
                t={t}
                i18nKey="summary.item"
                components={{
                  link: (
                    <button type="button" className="link" onClick={() => onGoTo(p)}>
                      {pathLabel(p.path, draft)}
                    </button>
                  ),
                  problem: <>{wordProblem(p)}</>,
                }}
              />
            </li>
          ))}
          {problems.length > SHOWN && (
            <li className="text-muted">{t('summary.more', { count: problems.length - SHOWN })}</li>
          )}
        </ul>
      )}
    </div>
  );
}
