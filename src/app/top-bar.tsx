import { useShallow } from 'zustand/react/shallow';
import { Button } from '../components/button';
import { OperatorLogButton } from '../features/operator-log/operator-log-button';
import { ProfileSwitcher } from '../features/profiles/profile-switcher';
import { useCoreMirror } from '../session/core-mirror';
import { useAppStore, type PanelPlacement } from './app-store';

export const PANEL_ID = 'side-panel';

const PLACEMENTS: { value: PanelPlacement; label: string; title: string }[] = [
  {
    value: 'beside',
    label: 'Beside wall',
    title: 'The panel takes its own column; the catalog folds while it is open so the wall keeps its size',
  },
  {
    value: 'over',
    label: 'Over wall',
    title: 'The panel lies over the right of the wall; the catalog and the wall stay as they are',
  },
];

/**
 * App name, the active profile, and the ways into templates (and where that panel goes) and settings.
 * On a kiosk an administrator opened, also the way back to the wall alone (`onKioskView`).
 */
export function TopBar({ onKioskView }: { onKioskView?: () => void } = {}) {
  const name = useCoreMirror((s) => s.appInfo?.name ?? 'Control Room Wall');
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
          aria-label="Templates panel"
          data-testid="panel-placement"
        >
          {PLACEMENTS.map((p) => (
            <button
              key={p.value}
              type="button"
              className={`panel-placement-option ${placement === p.value ? 'is-on' : ''}`}
              aria-pressed={placement === p.value}
              title={p.title}
              onClick={() => setPlacement(p.value)}
              data-value={p.value}
            >
              {p.label}
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
        Templates
      </Button>
      <OperatorLogButton />
      <Button onClick={() => openDialog('settings')} data-testid="open-settings">
        Settings
      </Button>
      {onKioskView && (
        <Button
          variant="primary"
          className="kiosk-back-button"
          onClick={onKioskView}
          title="Back to the wall alone, as this kiosk shows it"
          data-testid="kiosk-view"
        >
          Kiosk view
        </Button>
      )}
    </header>
  );
}
