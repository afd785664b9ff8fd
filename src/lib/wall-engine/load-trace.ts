import type { BudgetDecision, LoadReading } from './decode-budget';

/**
 * The load trace: one line a second with the load monitor's reading and the budget's capacity, for
 * reading a run afterwards (the wall benchmark turns it on by setting `__wallLoadTrace` on the page;
 * `test/bench/lib/picture-age.ts`). Off unless asked: a wall that runs for days logs changes only.
 */
/** Whether the benchmark asked for the load trace (a page flag; off in production). */
export function loadTraceOn(): boolean {
  return (globalThis as { __wallLoadTrace?: unknown }).__wallLoadTrace === true;
}

export function traceLoad(
  reading: LoadReading,
  capacity: number,
  decisions: ReadonlyMap<string, BudgetDecision>,
): void {
  if (!loadTraceOn()) return;
  let full = 0;
  for (const d of decisions.values()) if (d.rate === 'full') full += 1;
  const overview = decisions.size - full;
  console.info(
    `[wall] decode budget load: ${reading.level} ${reading.score.toFixed(2)}${reading.reason ? ` (${reading.reason})` : ''} [${reading.signals ?? ''}]; ${full} full, ${overview} overview, capacity ${capacity.toFixed(1)}`,
  );
}
