import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}

/** Says plainly that there is nothing here, and what to do about it. */
export function EmptyState({ title, children, action, testId = 'empty-state' }: EmptyStateProps) {
  return (
    <div className="empty-state" role="status" data-testid={testId}>
      <p className="empty-state-title">{title}</p>
      {children && <div className="empty-state-text">{children}</div>}
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
