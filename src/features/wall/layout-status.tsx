import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../components/button';
import { serviceContact } from '../../lib/http-transport';
import { useWallStore } from './wall-store';

/**
 * Whether the wall is its saved layout: "Saved"; "Modified" with Save and Revert after an edit (the
 * saved layout is untouched until Save); "Not saved" with Save… for a wall never named; and a failed
 * save with its reason and Try again.
 *
 * While the page cannot reach its service (the browser shell down) nothing can be saved: "Saved" is
 * not claimed and Save waits (the shell's banner says why once).
 *
 * `data-save` carries the state for tests and monitoring: saved, modified, new, saving, failed.
 */
export function LayoutStatus({ onSaveAs }: { onSaveAs(): void }) {
  const { changes, saveState, saveError, editable, name } = useWallStore(
    useShallow((s) => ({
      changes: s.changes,
      saveState: s.saveState,
      saveError: s.saveError,
      editable: s.editable(),
      name: s.layout?.name ?? '',
    })),
  );
  const reachable = useSyncExternalStore(serviceContact.subscribe, serviceContact.get).state === 'ok';
  const store = useWallStore.getState;
  const { t } = useTranslation('wall');
  const offline = reachable ? {} : { disabled: true, title: t('status.offline') };

  if (saveState === 'failed')
    return (
      <span
        className="wall-save-status is-failed"
        role="alert"
        data-testid="wall-save-status"
        data-save="failed"
      >
        <span className="wall-save-text">{t('status.failed', { reason: saveError })}</span>
        <Button size="small" onClick={() => store().retrySave()}>
          {t('status.tryAgain')}
        </Button>
      </span>
    );
  if (saveState === 'saving')
    return (
      <span className="wall-save-status" data-testid="wall-save-status" data-save="saving" role="status">
        <span className="wall-save-text text-muted">{t('status.saving')}</span>
      </span>
    );
  if (changes === 'modified')
    return (
      <span className="wall-save-status is-modified" data-testid="wall-save-status" data-save="modified">
        <span className="wall-save-badge" title={t('status.modifiedTitle', { name })}>
          {t('status.modified')}
        </span>
        {editable && (
          <>
            <Button
              size="small"
              variant="primary"
              onClick={() => void store().saveLayout()}
              data-testid="wall-save"
            >
              {t('status.save')}
            </Button>
            <Button size="small" variant="ghost" onClick={() => store().revert()} data-testid="wall-revert">
              {t('status.revert')}
            </Button>
          </>
        )}
      </span>
    );
  if (changes === 'new')
    return (
      <span className="wall-save-status is-modified" data-testid="wall-save-status" data-save="new">
        <span className="wall-save-badge" title={t('status.notSavedTitle')}>
          {t('status.notSaved')}
        </span>
        {editable && (
          <Button size="small" variant="primary" onClick={onSaveAs} data-testid="wall-save" {...offline}>
            {t('status.saveAs')}
          </Button>
        )}
      </span>
    );
  return (
    <span className="wall-save-status text-muted small" data-testid="wall-save-status" data-save="saved">
      {reachable ? t('status.saved') : ''}
    </span>
  );
}
