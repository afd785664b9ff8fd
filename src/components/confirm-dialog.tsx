import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  /** Destructive actions get the danger colour. */
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Ask once before something that cannot be undone. Cancel has the focus, so Enter does no harm. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('components');
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      size="small"
      testId="confirm-dialog"
      footer={
        <>
          <Button onClick={onCancel} autoFocus>
            {t('confirm.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="confirm-message">{message}</div>
    </Dialog>
  );
}
