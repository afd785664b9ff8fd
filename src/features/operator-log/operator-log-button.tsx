import { useState } from 'react';
import { Button } from '../../components/button';
import { OperatorLogDialog } from './operator-log-dialog';

/** The top bar's way into the operator log: a button, and the log's dialog while it is open. */
export function OperatorLogButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        data-testid="open-operator-log"
        title="What happened on the wall: tiles stale, failed, recovered; devices assigned and cleared; tours"
      >
        Log
      </Button>
      {open && <OperatorLogDialog onClose={() => setOpen(false)} />}
    </>
  );
}
