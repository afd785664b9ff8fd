import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { useWallStore } from './wall-store';

/** Name the wall and save it as a layout of its own (the saved layout it came from stays as it was). */
export function SaveAsDialog({ initial, onClose }: { initial: string; onClose(): void }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('wall');
  const submit = async () => {
    setBusy(true);
    const result = await useWallStore.getState().saveAs(name);
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.message);
  };
  return (
    <Dialog
      title={t('saveAs.title')}
      onClose={onClose}
      size="small"
      testId="wall-save-as-dialog"
      footer={
        <>
          <Button onClick={onClose}>{t('saveAs.cancel')}</Button>
          <Button
            variant="primary"
            busy={busy}
            onClick={() => void submit()}
            data-testid="wall-save-as-submit"
          >
            {t('saveAs.save')}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t('saveAs.name')}
          value={name}
          onChange={setName}
          error={error}
          maxLength={100}
          autoFocus
        />
      </form>
    </Dialog>
  );
}
