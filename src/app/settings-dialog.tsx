import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Dialog } from '../components/dialog';
import { StatusLegendEditor } from '../features/catalog/status-legend-editor';
import { StorageTierBadge, storageTierMeaning } from '../features/profiles/storage-tier-badge';
import { plainError } from '../lib/plain-error';
import { useCoreMirror } from '../session/core-mirror';
import { BudgetSettings } from './settings/budget-settings';
import { DiagnosticsCopy } from './settings/diagnostics-copy';
import { KioskLockPanel } from './settings/kiosk-lock-panel';
import { KioskSettings } from './settings/kiosk-settings';
import { PlaybackSettings } from './settings/playback-settings';
import { UnsavedCloseDialog } from './settings/unsaved-close-dialog';
import { UnsavedSections, UnsavedSectionsContext } from './settings/unsaved-sections';
import { useKioskStatus } from './settings/use-kiosk-status';
import { useSettings } from './settings/use-settings';
import './settings/settings.css';

const SECTIONS = [
  ['playback', 'Playback'],
  ['budget', 'Decode budget'],
  ['legend', 'Status legend'],
  ['kiosk', 'Kiosk'],
  ['secrets', 'Secrets'],
  ['diagnostics', 'Diagnostics'],
  ['about', 'About'],
] as const;

/**
 * App settings, as the README lists them: playback (transport order, hidden-tile grace, the stats
 * overlay), the status legend, kiosk mode and its lock, where secrets are kept, diagnostics for a
 * support ticket, and what this app is. A locked kiosk shows its lock first, with the admin's unlock;
 * everything else is then read-only (the core refuses changes anyway).
 *
 * Closed (✕, Escape) with sections changed and not saved, it asks: save them and close, discard them,
 * or keep editing. Nothing typed is lost without the operator saying so.
 */
export function SettingsDialog({ onClose }: { onClose(): void }) {
  const appInfo = useCoreMirror((s) => s.appInfo);
  const { settings, error, save } = useSettings();
  const kiosk = useKioskStatus();
  const body = useRef<HTMLDivElement>(null);
  const [unsaved] = useState(() => new UnsavedSections());
  const pending = useSyncExternalStore(unsaved.subscribe, unsaved.unsaved);
  // Asked what to do with unsaved sections; 'saving' after "Save and close" until they are saved.
  const [asking, setAsking] = useState<'ask' | 'saving' | null>(null);
  const requestClose = () => (unsaved.unsaved().length > 0 ? setAsking('ask') : onClose());

  // A save that failed, or a section that cannot save as it is: back to it, its reason beside it.
  if (asking === 'saving' && pending.some((s) => s.failed || (!s.saving && !s.canSave))) setAsking(null);
  // Everything saved: close.
  const allSaved = asking === 'saving' && pending.length === 0;
  useEffect(() => {
    if (allSaved) onClose();
  }, [allSaved, onClose]);

  const saveAndClose = () => {
    setAsking('saving');
    for (const section of unsaved.unsaved()) if (section.canSave && !section.saving) section.save();
  };
  const saveResult = async (patch: Parameters<typeof save>[0]) => {
    const result = await save(patch);
    return result.ok ? ({ ok: true } as const) : result;
  };
  const goTo = (id: string) => {
    const section = body.current?.querySelector<HTMLElement>(`#settings-${id}`);
    section?.scrollIntoView({ block: 'start' });
    section?.querySelector<HTMLElement>('h3')?.focus();
  };

  return (
    <Dialog title="Settings" onClose={requestClose} size="large" testId="settings-dialog">
      <UnsavedSectionsContext value={unsaved}>
        <div className="settings-layout" ref={body}>
          <nav className="settings-nav" aria-label="Settings sections">
            {SECTIONS.map(([id, label]) => (
              <button key={id} type="button" className="settings-nav-item" onClick={() => goTo(id)}>
                {label}
              </button>
            ))}
          </nav>
          <div className="settings-sections">
            <KioskLockPanel kiosk={kiosk} />
            {error && (
              <p className="text-danger">The settings could not be read: {plainError(error).message}</p>
            )}

            <section className="settings-section" id="settings-playback" aria-labelledby="playback-heading">
              <h3 id="playback-heading" tabIndex={-1}>
                Playback
              </h3>
              {settings ? (
                <PlaybackSettings settings={settings} save={saveResult} locked={kiosk.lockedNow} />
              ) : (
                !error && <p className="text-muted small">Loading…</p>
              )}
            </section>

            <section className="settings-section" id="settings-budget" aria-labelledby="budget-heading">
              <h3 id="budget-heading" tabIndex={-1}>
                Decode budget
              </h3>
              {settings && <BudgetSettings settings={settings} save={saveResult} locked={kiosk.lockedNow} />}
            </section>

            <section className="settings-section" id="settings-legend" aria-labelledby="legend-heading">
              <h3 id="legend-heading" tabIndex={-1}>
                Status legend
              </h3>
              <StatusLegendEditor onDone={requestClose} />
            </section>

            <section className="settings-section" id="settings-kiosk" aria-labelledby="kiosk-heading">
              <h3 id="kiosk-heading" tabIndex={-1}>
                Kiosk
              </h3>
              {settings && (
                <KioskSettings
                  settings={settings}
                  save={saveResult}
                  locked={kiosk.lockedNow}
                  pinSet={kiosk.status?.pinSet ?? false}
                />
              )}
            </section>

            {appInfo && (
              <section className="settings-section" id="settings-secrets" aria-labelledby="secrets-heading">
                <h3 id="secrets-heading" tabIndex={-1}>
                  Secrets
                </h3>
                <p>
                  <StorageTierBadge tier={appInfo.storageTier} /> {storageTierMeaning(appInfo.storageTier)}
                </p>
                <p className="text-muted small" data-testid="storage-description">
                  Where: {appInfo.storageDescription}.
                </p>
              </section>
            )}

            <section
              className="settings-section"
              id="settings-diagnostics"
              aria-labelledby="diagnostics-heading"
            >
              <h3 id="diagnostics-heading" tabIndex={-1}>
                Diagnostics
              </h3>
              <DiagnosticsCopy />
            </section>

            {appInfo && (
              <section className="settings-section" id="settings-about" aria-labelledby="about-heading">
                <h3 id="about-heading" tabIndex={-1}>
                  About
                </h3>
                <p className="text-muted small">
                  {appInfo.name} {appInfo.version} ·{' '}
                  {appInfo.shell === 'web' ? 'browser shell' : 'desktop app'} on {appInfo.platform}
                </p>
              </section>
            )}
          </div>
        </div>
      </UnsavedSectionsContext>
      {asking && (
        <UnsavedCloseDialog
          sections={pending}
          saving={asking === 'saving'}
          onSave={saveAndClose}
          onDiscard={onClose}
          onKeepEditing={() => setAsking(null)}
        />
      )}
    </Dialog>
  );
}
