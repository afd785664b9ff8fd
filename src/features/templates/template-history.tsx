import type { TemplateHistoryEntry } from '../../../electron/shared/contract';
import { Button } from '../../components/button';
import { formatTime } from '../../lib/format-time';
import type { HistoryStatus } from './template-form-store';

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
  return (
    <details className="tpl-history" data-testid="template-history">
      <summary>Created from this app{status === 'ready' ? ` (${entries.length})` : ''}</summary>
      {status === 'loading' && <p className="text-muted small">Loading…</p>}
      {status === 'error' && (
        <p className="small text-danger">
          The history could not be read: {error}{' '}
          <button type="button" className="link" onClick={onRetry}>
            Try again
          </button>
        </p>
      )}
      {status === 'ready' && entries.length === 0 && (
        <p className="text-muted small">No template created from this app for this profile yet.</p>
      )}
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
                  id <span className="mono">{e.templateId}</span> · project{' '}
                  <span className="mono">{e.projectKey}</span> · {e.template.parameters.length} parameter
                  {e.template.parameters.length === 1 ? '' : 's'} · {formatTime(e.createdAt)}
                </span>
              </div>
              <Button
                size="small"
                onClick={() => onStartFrom(e)}
                aria-label={`Start a new template from ${e.templateName}`}
              >
                Start from this
              </Button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
