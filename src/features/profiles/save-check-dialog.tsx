import { useEffect, useRef, type HTMLAttributes, type SyntheticEvent } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import type { ProfileTestResult } from '../../../electron/shared/profile';
import type { SaveQuestion } from './save-check';

export interface SaveCheckDialogProps {
  check: SaveQuestion;
  /** What saving will do about the active profile, in words ("It will not become the active profile."). */
  afterSave?: string;
  onTestNow(): void;
  onSaveAnyway(): void;
  onCancel(): void;
}

/**
 * Asked before a profile is saved whose connection was not tested, or failed its test: a profile that
 * cannot connect is seldom what the operator meant to keep. "Keep editing" has the focus.
 *
 * It opens over the profiles dialog: its Escape (a `cancel` event, which React carries up the
 * component tree) stops here, so it closes this question only, never the form with what was typed.
 */
export function SaveCheckDialog({
  check,
  afterSave,
  onTestNow,
  onSaveAnyway,
  onCancel,
}: SaveCheckDialogProps) {
  const failed = check.kind === 'failed';
  const box = useRef<HTMLDivElement>(null);
  // showModal() focuses the first control (the ✕); Enter should do no harm: keep editing.
  useEffect(() => box.current?.querySelector<HTMLElement>('[data-keep-editing]')?.focus(), []);
  // React types onCancel for <dialog> only, but carries it through any element's props.
  const contain = { onCancel: (e: SyntheticEvent) => e.stopPropagation() } as HTMLAttributes<HTMLDivElement>;
  return (
    <div className="contents" ref={box} {...contain}>
      <Dialog
        title={failed ? 'The connection test failed' : 'Not tested yet'}
        onClose={onCancel}
        size="small"
        testId="save-check-dialog"
        footer={
          <>
            <Button onClick={onCancel} data-keep-editing>
              Keep editing
            </Button>
            <Button variant={failed ? 'danger' : 'secondary'} onClick={onSaveAnyway}>
              Save anyway
            </Button>
            {!failed && (
              <Button variant="primary" onClick={onTestNow}>
                Test now
              </Button>
            )}
          </>
        }
      >
        <div className="confirm-message">
          {failed ? (
            <p data-testid="save-check-message">
              The connection test failed: {failureText(check.result)} Save anyway?
            </p>
          ) : (
            <p data-testid="save-check-message">
              These credentials have not been tried against the platform yet. Test now, or save anyway?
            </p>
          )}
          {afterSave && <p className="text-muted small">{afterSave}</p>}
        </div>
      </Dialog>
    </div>
  );
}

/** The test's own message, with the HTTP status the platform answered when it did: "… (HTTP 401)." */
function failureText(result: ProfileTestResult): string {
  const status = Object.values(result.operations)
    .map((op) => (op?.checked && op.checked !== 'ok' ? op.checked.status : undefined))
    .find((s) => s !== undefined);
  const message = result.message.trim().replace(/\.$/, '');
  return `${message}${status !== undefined ? ` (HTTP ${status})` : ''}.`;
}
