import type { OperatorEventKindName } from '../../../electron/shared/contract';

/**
 * Each kind of event as the panel colours it, in the order its filter lists them; its name and hint
 * are the catalog's (operatorLog:kind.<kind>.label and .hint).
 */
export const KIND_INFO: readonly { kind: OperatorEventKindName; tone: string }[] = [
  { kind: 'stale', tone: 'warn' },
  { kind: 'failed', tone: 'danger' },
  { kind: 'recovered', tone: 'ok' },
  { kind: 'assigned', tone: 'info' },
  { kind: 'cleared', tone: 'neutral' },
  { kind: 'tour-switch', tone: 'info' },
  { kind: 'degraded', tone: 'warn' },
  { kind: 'restored', tone: 'ok' },
  { kind: 'room-command', tone: 'info' },
];

export const KIND_TONE = Object.fromEntries(KIND_INFO.map((k) => [k.kind, k.tone])) as Record<
  OperatorEventKindName,
  string
>;
