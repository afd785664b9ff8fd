import { useEffect, useRef, type HTMLAttributes, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import type { TFunction } from 'i18next';
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
  const { t } = useTranslation('profiles');
  const failed = check.kind === 'failed';
  const box = useRef<HTMLDivElement>(null);
  // showModal() focuses the first control (the ✕); Enter should do no harm: keep editing.
  useEffect(() => box.current?.querySelector<HTMLElement>('[data-keep-editing]')?.focus(), []);
  // React types onCancel for <dialog> only, but carries it through any element's props.
  const contain = { onCancel: (e: SyntheticEvent) => e.stopPropagation() } as HTMLAttributes<HTMLDivElement>;
  return (
    <div className="contents" ref={box} {...contain}>
      <Dialog
        title={failed ? t('saveCheck.failedTitle') : t('saveCheck.untestedTitle')}
        onClose={onCancel}
        size="small"
        testId="save-check-dialog"
        footer={
          <>
            <Button onClick={onCancel} data-keep-editing>
              {t('saveCheck.keepEditing')}
            </Button>
            <Button variant={failed ? 'danger' : 'secondary'} onClick={onSaveAnyway}>
              {t('saveCheck.saveAnyway')}
            </Button>
            {!failed && (
              <Button variant="primary" onClick={onTestNow}>
                {t('saveCheck.testNow')}
              </Button>
            )}
          </>
        }
      >
        <div className="confirm-message">
          {failed ? (
            <p data-testid="save-check-message">{failureText(check.result, t)}</p>
          ) : (
            <p data-testid="save-check-message">{t('saveCheck.untested')}</p>
          )}
          {afterSave && <p className="text-muted small">{afterSave}</p>}
        </div>
      </Dialog>
    </div>
  );
}

/**
 * The question with the test's own message (the core's words, as they came), and the HTTP status the
 * platform answered when it did: "… (HTTP 401). Save anyway?"
 */
function failureText(result: ProfileTestResult, t: TFunction<'profiles'>): string {
  const status = Object.values(result.operations)
    .map((op) => (op?.checked && op.checked !== 'ok' ? op.checked.status : undefined))
    .find((s) => s !== undefined);
  const message = result.message.trim().replace(/\.$/, '');
  return status !== undefined
    ? t('saveCheck.failedStatus', { message, status })
    : t('saveCheck.failed', { message });
}
