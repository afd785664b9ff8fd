import type { ReactNode } from 'react';

type BadgeTone = 'neutral' | 'info' | 'ok' | 'warn' | 'danger';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  title?: string;
  testId?: string;
}

/** A small pill: credential type, storage tier, status code. */
export function Badge({ tone = 'neutral', children, title, testId }: BadgeProps) {
  return (
    <span className={`badge badge-${tone}`} title={title} data-testid={testId}>
      {children}
    </span>
  );
}
