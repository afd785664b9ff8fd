import type { OperatorEventKindName } from '../../../electron/shared/contract';

/** Each kind of event as the panel names and colours it, in the order its filter lists them. */
export const KIND_INFO: readonly {
  kind: OperatorEventKindName;
  label: string;
  tone: string;
  hint: string;
}[] = [
  {
    kind: 'stale',
    label: 'Stale',
    tone: 'warn',
    hint: 'A playing tile lost its picture (frozen, or its connection dropped)',
  },
  {
    kind: 'failed',
    label: 'Failed',
    tone: 'danger',
    hint: 'A tile gave a reason a person can act on, or kept failing',
  },
  {
    kind: 'recovered',
    label: 'Recovered',
    tone: 'ok',
    hint: 'A tile plays again after it went stale or failed',
  },
  { kind: 'assigned', label: 'Assigned', tone: 'info', hint: 'A device was put on a tile' },
  { kind: 'cleared', label: 'Cleared', tone: 'neutral', hint: 'A device was taken off a tile' },
  { kind: 'tour-switch', label: 'Tour switch', tone: 'info', hint: 'A tour showed its next page' },
  {
    kind: 'degraded',
    label: 'Overview',
    tone: 'warn',
    hint: 'A tile went to overview pictures (keyframes only)',
  },
  { kind: 'restored', label: 'Full rate', tone: 'ok', hint: 'A tile came back to every picture' },
];

export const KIND_LABEL = Object.fromEntries(KIND_INFO.map((k) => [k.kind, k.label])) as Record<
  OperatorEventKindName,
  string
>;
export const KIND_TONE = Object.fromEntries(KIND_INFO.map((k) => [k.kind, k.tone])) as Record<
  OperatorEventKindName,
  string
>;
