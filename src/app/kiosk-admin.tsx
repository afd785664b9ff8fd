import { useTranslation } from 'react-i18next';
import { Dialog } from '../components/dialog';
import { KioskLockPanel } from './settings/kiosk-lock-panel';
import type { KioskPresentation } from './use-kiosk-presentation';
import './kiosk-presentation.css';

/**
 * The one control a kiosk's wall shows: a small "Admin" button in the top corner, faint until it is
 * pointed at or focused, that gives an administrator the full shell (with the admin PIN when locked).
 */
export function KioskAdminButton({ kiosk }: { kiosk: KioskPresentation }) {
  const { t } = useTranslation('app');
  return (
    <>
      <button
        type="button"
        className="kiosk-admin-button"
        onClick={kiosk.askAdmin}
        title={kiosk.lock.lockedNow ? t('kiosk.adminTitleLocked') : t('kiosk.adminTitle')}
        data-testid="kiosk-admin"
      >
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
          <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
        </svg>
        {t('kiosk.admin')}
      </button>
      {kiosk.askingPin && (
        <Dialog
          title={t('kiosk.adminDialog')}
          onClose={kiosk.closePin}
          size="small"
          testId="kiosk-admin-dialog"
        >
          <KioskLockPanel kiosk={kiosk.lock} />
        </Dialog>
      )}
    </>
  );
}
