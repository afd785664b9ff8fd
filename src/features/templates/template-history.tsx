import { Trans, useTranslation } from 'react-i18next';
import type { TemplateHistoryEntry } from '../../../electron/shared/contract';
import { Button } from '../../components/button';
import { formatDateTime } from '../../i18n/format';
import type { HistoryStatus } from './template-form-state';

export interface TemplateHistoryProps {
  entries: readonly TemplateHistoryEntry[];
  status: HistoryStatus;
  error: string | null;
  onRetry(): void;
  onStartFrom(entry: TemplateHistoryEntry): void;
}

/**
 * Templates created from this app for the profile, newest first (the platform cannot list them).
 * "Start from this" makes a new draft from one.
 */
export function TemplateHistory({ entries, status, error, onRetry, onStartFrom }: TemplateHistoryProps) {
  const { t } = useTranslation('templates');
  return (
    <details className="tpl-history" data-testid="template-history">
      <summary>
        {status === 'ready' ? t('history.titleCount', { count: entries.length }) : t('history.title')}
      </summary>
      {status === 'loading' && <p className="text-muted small">{t('history.loading')}</p>}
      {status === 'error' && (
        <p className="small text-danger">
          {t('history.error', { reason: error })}{' '}
          <button type="button" className="link" onClick={onRetry}>
            {t('history.retry')}
          </button>
        </p>
      )}
      {status === 'ready' && entries.length === 0 && <p className="text-muted small">{t('history.empty')}</p>}
      {entries.length > 0 && (
        <ul className="tpl-history-list">
          {entries.map((e) => (
            <li
              key={`${e.projectKey}-${e.templateId}-${e.createdAt}`}
              className="tpl-history-item"
              data-testid="history-entry"
            >
              <div className="tpl-history-text">
                <span className="tpl-history-name">{e.templateName}</span>
                <span className="small text-muted">
                  <Trans
                    t={t}
                    i18nKey="history.entry"
                    count={e.template.parameters.length}
                    values={{ count: e.template.parameters.length, time: formatDateTime(e.createdAt) }}
                    components={{
                      id: <span className="mono">{e.templateId}</span>,
                      project: <span className="mono">{e.projectKey}</span>,
                    }}
                  />
                </span>
              </div>
              <Button
                size="small"
                onClick={() => onStartFrom(e)}
                aria-label={t('history.startFromLabel', { name: e.templateName })}
              >
                {t('history.startFrom')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
