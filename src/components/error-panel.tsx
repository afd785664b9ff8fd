import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppErrorKind } from '../../electron/shared/contract';
import type { CodedError } from '../lib/error-words';
import { plainError } from '../lib/plain-error';
import { Button } from './button';

export interface ErrorPanelProps {
  title: string;
  /** The server's (or the core's) own message: kept when it is words, translated when it is a code. */
  message: string;
  /** HTTP status, when the platform answered. */
  status?: number;
  /** The error's kind, for the hint on what to do (else guessed from the status). */
  kind?: AppErrorKind;
  /** The core's code and parameters: the message in the operator's language (else `message` as it is). */
  coded?: Pick<CodedError, 'code' | 'params' | 'details'>;
  onRetry?: () => void;
  retrying?: boolean;
  children?: ReactNode;
  testId?: string;
}

/**
 * A failure in an operator's words, what to do about it, and a way to try again; announced as an
 * alert. Developer-speak ("Failed to fetch", `networkError: manifestLoadError`) is translated
 * (src/lib/plain-error); the original stays one click away for a support ticket.
 */
export function ErrorPanel({
  title,
  message,
  status,
  kind,
  coded,
  onRetry,
  retrying = false,
  children,
  testId = 'error-panel',
}: ErrorPanelProps) {
  const { t } = useTranslation('components');
  const plain = plainError({ ...coded, kind, status, message });
  return (
    <div className="error-panel" role="alert" data-testid={testId}>
      <p className="error-panel-title">
        {title}
        {status !== undefined && (
          <span className="error-panel-status">{t('errorPanel.status', { status })}</span>
        )}
      </p>
      <p className="error-panel-message">{plain.message}</p>
      {plain.hint && <p className="error-panel-hint">{plain.hint}</p>}
      {plain.technical && (
        <details className="error-panel-technical">
          <summary>{t('errorPanel.technical')}</summary>
          <code className="mono">{plain.technical}</code>
        </details>
      )}
      {children}
      {onRetry && (
        <Button variant="primary" size="small" busy={retrying} onClick={onRetry}>
          {t('errorPanel.retry')}
        </Button>
      )}
    </div>
  );
}
