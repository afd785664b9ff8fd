import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { OperatorLogDialog } from './operator-log-dialog';

/** The top bar's way into the operator log: a button, and the log's dialog while it is open. */
export function OperatorLogButton() {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('operatorLog');
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="open-operator-log" title={t('button.title')}>
        {t('button.label')}
      </Button>
      {open && <OperatorLogDialog onClose={() => setOpen(false)} />}
    </>
  );
}
