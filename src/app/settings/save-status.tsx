import { useState } from 'react';
import type { AppError } from '../../../electron/shared/contract';
import { formatClock } from '../../lib/format-time';
import { plainError } from '../../lib/plain-error';

/** Where a settings section's last save stands. */
export type SaveState = { kind: 'saving' } | { kind: 'saved'; at: number } | { kind: 'failed'; error: AppError } | null;

/** A section's save state and the function that saves through it (saving, then saved at or failed). */
export function useSaveState() {
  const [state, setState] = useState<SaveState>(null);
  const run = async (save: () => Promise<{ ok: true } | { ok: false; error: AppError }>) => {
    setState({ kind: 'saving' });
    const result = await save();
    setState(result.ok ? { kind: 'saved', at: Date.now() } : { kind: 'failed', error: result.error });
  };
  return { state, setState, run };
}

/** "Not saved: why", "Changed, not saved yet" or "✓ Saved at 12:04": the line beside a section's Save. */
export function SaveStatus({ state, dirty, testId }: { state: SaveState; dirty: boolean; testId?: string }) {
  return (
    <span className="settings-status small" role="status" data-testid={testId}>
      {state?.kind === 'failed' ? (
        <span className="text-danger">Not saved: {plainError(state.error).message}</span>
      ) : dirty ? (
        state?.kind !== 'saving' && <span className="text-warn">Changed, not saved yet</span>
      ) : (
        state?.kind === 'saved' && <span className="text-ok">✓ Saved at {formatClock(state.at)}</span>
      )}
    </span>
  );
}
