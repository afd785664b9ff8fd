import type { LoadReading } from '../../../../../src/lib/wall-engine/decode-budget';

/** The load monitor's three verdicts, as the decode budget tests feed them. */
export const overloaded = (score = 1.2): LoadReading => ({
  level: 'overloaded',
  score,
  reason: '12 % of frames dropped',
});
export const healthy: LoadReading = { level: 'healthy', score: 0.6, reason: null };
export const spare: LoadReading = { level: 'spare', score: 0.1, reason: null };
