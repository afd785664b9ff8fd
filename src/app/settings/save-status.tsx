import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../electron/shared/contract';
import { Button } from '../../components/button';
import { formatClock } from '../../i18n/format';
import { plainError } from '../../lib/plain-error';
import { useReportUnsaved } from './unsaved-sections';

/** Where a settings section's last save stands. */
export type SaveState =
  { kind: 'saving' } | { kind: 'saved'; at: number } | { kind: 'failed'; error: AppError } | null;

/**
 * A settings section's draft of `source` (its part of the settings) and its save. The draft follows the
 * settings when they change elsewhere (another window, provisioning, the wall), unless something is
 * being edited here. `run` saves (saving, then saved at or failed); `revert` takes the settings again.
 */
export function useSectionDraft<S, D>(source: S, draftOf: (source: S) => D) {
  const [draft, setDraft] = useState<D>(() => draftOf(source));
  const [base, setBase] = useState(source);
  const [state, setState] = useState<SaveState>(null);

  if (source !== base) {
    setBase(source);
    if (JSON.stringify(draft) === JSON.stringify(draftOf(base))) setDraft(draftOf(source));
  }

  const run = async (save: () => Promise<{ ok: true } | { ok: false; error: AppError }>) => {
    setState({ kind: 'saving' });
    const result = await save();
    setState(result.ok ? { kind: 'saved', at: Date.now() } : { kind: 'failed', error: result.error });
  };
  const revert = () => {
    setDraft(draftOf(source));
    setState(null);
  };
  return { draft, setDraft, state, run, revert };
}

/** "Not saved: why", "Changed, not saved yet" or "✓ Saved at 12:04": the line beside a section's Save. */
function SaveStatus({ state, dirty, testId }: { state: SaveState; dirty: boolean; testId?: string }) {
  const { t } = useTranslation('settings');
  return (
    <span className="settings-status small" role="status" data-testid={testId}>
      {state?.kind === 'failed' ? (
        <span className="text-danger">{t('save.failed', { reason: plainError(state.error).message })}</span>
      ) : dirty ? (
        state?.kind !== 'saving' && <span className="text-warn">{t('save.changed')}</span>
      ) : (
        state?.kind === 'saved' && (
          <span className="text-ok">{t('save.savedAt', { time: formatClock(state.at) })}</span>
        )
      )}
    </span>
  );
}

export interface SaveActionsProps {
  /** The Save button's words ("Save playback settings"). */
  label: string;
  /** The section's name, where closing the dialog lists what is not saved ("Playback settings"). */
  name?: string;
  state: SaveState;
  dirty: boolean;
  canSave: boolean;
  /** Revert is offered while the draft differs (default: `dirty`). */
  canRevert?: boolean;
  onSave(): void;
  onRevert(): void;
  /** Test ids of the Save button and of the status line. */
  testId?: string;
  statusTestId?: string;
}

/**
 * A settings section's row of Save, Revert and where its last save stands. It tells the Settings
 * dialog around it what is not saved yet, so closing the dialog asks instead of losing it.
 */
export function SaveActions({
  label,
  name,
  state,
  dirty,
  canSave,
  canRevert = dirty,
  onSave,
  onRevert,
  testId,
  statusTestId,
}: SaveActionsProps) {
  const { t } = useTranslation('settings');
  useReportUnsaved({
    label,
    name,
    dirty,
    canSave,
    saving: state?.kind === 'saving',
    failed: state?.kind === 'failed',
    save: onSave,
  });
  return (
    <div className="settings-actions">
      <Button
        variant="primary"
        size="small"
        disabled={!canSave}
        busy={state?.kind === 'saving'}
        onClick={onSave}
        data-testid={testId}
      >
        {label}
      </Button>
      <Button size="small" variant="ghost" disabled={!canRevert} onClick={onRevert}>
        {t('save.revert')}
      </Button>
      <SaveStatus state={state} dirty={dirty} testId={statusTestId} />
    </div>
  );
}
