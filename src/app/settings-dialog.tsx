import { Dialog } from '../components/dialog';
import { StatusLegendEditor } from '../features/catalog/status-legend-editor';
import { StorageTierBadge } from '../features/profiles/storage-tier-badge';
import { useProfilesStore } from '../session/profiles-store';

/** App settings: the status legend, and where secrets are kept. */
export function SettingsDialog({ onClose }: { onClose(): void }) {
  const appInfo = useProfilesStore((s) => s.appInfo);
  return (
    <Dialog title="Settings" onClose={onClose} size="large" testId="settings-dialog">
      <section className="settings-section" aria-labelledby="legend-heading">
        <h3 id="legend-heading">Status legend</h3>
        <StatusLegendEditor onDone={onClose} />
      </section>
      {appInfo && (
        <section className="settings-section" aria-labelledby="about-heading">
          <h3 id="about-heading">About</h3>
          <p className="text-muted small">
            {appInfo.name} {appInfo.version} · {appInfo.shell === 'web' ? 'browser shell' : 'desktop app'} on{' '}
            {appInfo.platform}
          </p>
          <p className="text-muted small">
            Secrets are kept in: {appInfo.storageDescription} <StorageTierBadge tier={appInfo.storageTier} />
          </p>
        </section>
      )}
    </Dialog>
  );
}
