import { useTranslation } from 'react-i18next';
import { useWallStore } from '../features/wall/wall-store';
import './kiosk-unsaved-mark.css';

/**
 * What a kiosk's wall says when it shows an unsaved edit (an administrator's, left on it): the
 * wall's toolbar with its "Modified" is not shown in kiosk mode, locked or not, so this mark is,
 * beside the Admin button. Nothing when the wall is its saved view.
 */
export function KioskUnsavedMark() {
  const { t } = useTranslation('app');
  const changes = useWallStore((s) => s.changes);
  const name = useWallStore((s) => s.layout?.name ?? '');
  if (changes === 'none') return null;
  const title = changes === 'new' ? t('kiosk.unsaved.newTitle') : t('kiosk.unsaved.modifiedTitle', { name });
  return (
    <span className="kiosk-unsaved-mark" role="status" title={title} data-testid="kiosk-unsaved">
      {changes === 'new' ? t('kiosk.unsaved.new') : t('kiosk.unsaved.modified')}
    </span>
  );
}
