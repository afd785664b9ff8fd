import { useState } from 'react';
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
  return (
    <Dialog
      title={isNew ? `Save the wall "${name}"?` : `Save the changes to "${name}"?`}
      onClose={onCancel}
      size="small"
      testId="wall-unsaved-dialog"
      footer={
        <>
          <Button onClick={onCancel} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onDiscard} data-testid="wall-unsaved-discard">
            {isNew ? 'Discard the wall' : 'Discard changes'}
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
            {isNew ? `Save as "${name}"` : 'Save'}
          </Button>
        </>
      }
    >
      <p>
        {isNew
          ? 'This wall has not been saved as a view. Save it before showing another view, or its tiles are gone.'
          : 'The wall has edits that are not in the saved view. Save them into it before showing another view, or they are gone.'}
      </p>
      {error && (
        <p className="field-error" role="alert" data-testid="wall-unsaved-error">
          Not saved: {error}
        </p>
      )}
    </Dialog>
  );
}
