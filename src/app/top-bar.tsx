import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../components/button';
import { OperatorLogButton } from '../features/operator-log/operator-log-button';
import { RoomButton } from '../features/room/room-button';
import { ProfileSwitcher } from '../features/profiles/profile-switcher';
import { useAppName } from '../i18n/use-app-name';
import { useAppStore, type PanelPlacement } from './app-store';

export const PANEL_ID = 'side-panel';

const PLACEMENTS = [
  { value: 'beside', label: 'topBar.beside', title: 'topBar.besideTitle' },
  { value: 'over', label: 'topBar.over', title: 'topBar.overTitle' },
] as const satisfies readonly { value: PanelPlacement; label: string; title: string }[];

/**
 * App name, the active profile, and the ways into templates (and where that panel goes) and settings.
 * On a kiosk an administrator opened, also the way back to the wall alone (`onKioskView`).
 */
export function TopBar({ onKioskView }: { onKioskView?: () => void } = {}) {
  const { t } = useTranslation('app');
  const name = useAppName();
  const { panelOpen, placement, togglePanel, setPlacement, openDialog } = useAppStore(
    useShallow((s) => ({
      panelOpen: s.panelOpen,
      placement: s.panelPlacement,
      togglePanel: s.togglePanel,
      setPlacement: s.setPanelPlacement,
      openDialog: s.openDialog,
    })),
  );
  return (
    <header className="topbar" data-testid="topbar">
      <span className="app-name">{name}</span>
      <ProfileSwitcher onManageProfiles={() => openDialog('profiles')} />
      <span className="spacer" />
      {panelOpen && (
        <div
          className="panel-placement"
          role="group"
          aria-label={t('topBar.placement')}
          data-testid="panel-placement"
        >
          {PLACEMENTS.map((p) => (
            <button
              key={p.value}
              type="button"
              className={`panel-placement-option ${placement === p.value ? 'is-on' : ''}`}
              aria-pressed={placement === p.value}
              title={t(p.title)}
              onClick={() => setPlacement(p.value)}
              data-value={p.value}
            >
              {t(p.label)}
            </button>
          ))}
        </div>
      )}
      <Button
        onClick={togglePanel}
        aria-expanded={panelOpen}
        aria-controls={panelOpen ? PANEL_ID : undefined}
        className={panelOpen ? 'is-on' : undefined}
        data-testid="open-templates"
      >
        {t('topBar.templates')}
      </Button>
      <RoomButton onOpenSettings={() => openDialog('settings', 'room')} />
      <OperatorLogButton />
      <Button onClick={() => openDialog('settings')} data-testid="open-settings">
        {t('topBar.settings')}
      </Button>
      {onKioskView && (
        <Button
          variant="primary"
          className="kiosk-back-button"
          onClick={onKioskView}
          title={t('topBar.kioskViewTitle')}
          data-testid="kiosk-view"
        >
          {t('topBar.kioskView')}
        </Button>
      )}
    </header>
  );
}
