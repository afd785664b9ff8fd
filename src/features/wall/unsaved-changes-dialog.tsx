import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';

export interface UnsavedChangesDialogProps {
  name: string;
  /** Never saved (a new wall) rather than edited. */
  isNew: boolean;
  /** Save; a refusal's words are shown in the dialog, which stays open. */
  onSave(): Promise<{ ok: true } | { ok: false; message: string }>;
  onDiscard(): void;
  onCancel(): void;
}

/** Before the wall shows another layout: keep the edits of this one (Save), drop them, or stay. */
export function UnsavedChangesDialog({
  name,
  isNew,
  onSave,
  onDiscard,
  onCancel,
}: UnsavedChangesDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation('wall');
  return (
    <Dialog
      title={isNew ? t('unsaved.titleNew', { name }) : t('unsaved.titleEdited', { name })}
      onClose={onCancel}
      size="small"
      testId="wall-unsaved-dialog"
      footer={
        <>
          <Button onClick={onCancel} autoFocus>
            {t('unsaved.cancel')}
          </Button>
          <Button variant="danger" onClick={onDiscard} data-testid="wall-unsaved-discard">
            {isNew ? t('unsaved.discardNew') : t('unsaved.discardEdited')}
          </Button>
          <Button
            variant="primary"
            busy={busy}
            data-testid="wall-unsaved-save"
            onClick={() => {
              setBusy(true);
              setError(null);
              void onSave().then((saved) => {
                if (saved.ok) return;
                setBusy(false);
                setError(saved.message);
              });
            }}
          >
            {isNew ? t('unsaved.saveAs', { name }) : t('unsaved.save')}
          </Button>
        </>
      }
    >
      <p>{isNew ? t('unsaved.bodyNew') : t('unsaved.bodyEdited')}</p>
      {error && (
        <p className="field-error" role="alert" data-testid="wall-unsaved-error">
          {t('unsaved.notSaved', { reason: error })}
        </p>
      )}
    </Dialog>
  );
}
