import type { ReactNode } from 'react';
import { Button } from './button';

export interface ErrorPanelProps {
  title: string;
  /** The server's (or the core's) own message, shown as is. */
  message: string;
  /** HTTP status, when the platform answered. */
  status?: number;
  onRetry?: () => void;
  retrying?: boolean;
  children?: ReactNode;
  testId?: string;
}

/** A failure with its message and a way to try again; announced as an alert. */
export function ErrorPanel({
  title,
  message,
  status,
  onRetry,
  retrying = false,
  children,
  testId = 'error-panel',
}: ErrorPanelProps) {
  return (
    <div className="error-panel" role="alert" data-testid={testId}>
      <p className="error-panel-title">
        {title}
        {status !== undefined && <span className="error-panel-status">HTTP {status}</span>}
      </p>
      <p className="error-panel-message">{message}</p>
      {children}
      {onRetry && (
        <Button variant="primary" size="small" busy={retrying} onClick={onRetry}>
          Retry
        </Button>
      )}
    </div>
  );
}
