import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../components/dialog';
import { StatusLegendEditor } from '../features/catalog/status-legend-editor';
import { StorageTierBadge, StorageTierMeaning } from '../features/profiles/storage-tier-badge';
import { RoomSettings } from '../features/room/room-settings';
import { LanguageSetting } from '../i18n/language-setting';
import { useAppName } from '../i18n/use-app-name';
import { plainError } from '../lib/plain-error';
import { useCoreMirror } from '../session/core-mirror';
import { BudgetSettings } from './settings/budget-settings';
import { DiagnosticsCopy } from './settings/diagnostics-copy';
import { KioskLockPanel } from './settings/kiosk-lock-panel';
import { KioskSettings } from './settings/kiosk-settings';
import { PlaybackSettings } from './settings/playback-settings';
import { SaveActions } from './settings/save-status';
import { StorageWhere } from './settings/storage-where';
import { UnsavedCloseDialog } from './settings/unsaved-close-dialog';
import { UnsavedSections, UnsavedSectionsContext } from './settings/unsaved-sections';
import { useKioskStatus } from './settings/use-kiosk-status';
import { useSettings } from './settings/use-settings';
import './settings/settings.css';

/** The sections, in order; each is named by `settings:section.<id>`. */
const SECTIONS = [
  'language',
  'playback',
  'budget',
  'legend',
  'kiosk',
  'secrets',
  'room',
  'diagnostics',
  'about',
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
  const appName = useAppName();
  const { t } = useTranslation('settings');
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
    <Dialog title={t('dialog.title')} onClose={requestClose} size="large" testId="settings-dialog">
      <UnsavedSectionsContext value={unsaved}>
        <div className="settings-layout" ref={body}>
          <nav className="settings-nav" aria-label={t('dialog.navLabel')}>
            {SECTIONS.map((id) => (
              <button key={id} type="button" className="settings-nav-item" onClick={() => goTo(id)}>
                {t(`section.${id}`)}
              </button>
            ))}
          </nav>
          <div className="settings-sections">
            <KioskLockPanel kiosk={kiosk} />
            {error && (
              <p className="text-danger">{t('dialog.readFailed', { reason: plainError(error).message })}</p>
            )}

            <section className="settings-section" id="settings-language" aria-labelledby="language-heading">
              <h3 id="language-heading" tabIndex={-1}>
                {t('section.language')}
              </h3>
              {settings && (
                <LanguageSetting
                  settings={settings}
                  save={saveResult}
                  locked={kiosk.lockedNow}
                  systemLanguages={appInfo?.systemLanguages}
                />
              )}
            </section>

            <section className="settings-section" id="settings-playback" aria-labelledby="playback-heading">
              <h3 id="playback-heading" tabIndex={-1}>
                {t('section.playback')}
              </h3>
              {settings ? (
                <PlaybackSettings settings={settings} save={saveResult} locked={kiosk.lockedNow} />
              ) : (
                !error && <p className="text-muted small">{t('dialog.loading')}</p>
              )}
            </section>

            <section className="settings-section" id="settings-budget" aria-labelledby="budget-heading">
              <h3 id="budget-heading" tabIndex={-1}>
                {t('section.budget')}
              </h3>
              {settings && <BudgetSettings settings={settings} save={saveResult} locked={kiosk.lockedNow} />}
            </section>

            <section className="settings-section" id="settings-legend" aria-labelledby="legend-heading">
              <h3 id="legend-heading" tabIndex={-1}>
                {t('section.legend')}
              </h3>
              <StatusLegendEditor onDone={requestClose} />
            </section>

            <section className="settings-section" id="settings-kiosk" aria-labelledby="kiosk-heading">
              <h3 id="kiosk-heading" tabIndex={-1}>
                {t('section.kiosk')}
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
                  {t('section.secrets')}
                </h3>
                <p>
                  <StorageTierBadge tier={appInfo.storageTier} />{' '}
                  <StorageTierMeaning tier={appInfo.storageTier} />
                </p>
                <StorageWhere info={appInfo} />
              </section>
            )}

            <section className="settings-section" id="settings-room" aria-labelledby="room-heading">
              <h3 id="room-heading" tabIndex={-1}>
                {t('section.room')}
              </h3>
              <RoomSettings actions={(p) => <SaveActions {...p} />} locked={kiosk.lockedNow} />
            </section>

            <section
              className="settings-section"
              id="settings-diagnostics"
              aria-labelledby="diagnostics-heading"
            >
              <h3 id="diagnostics-heading" tabIndex={-1}>
                {t('section.diagnostics')}
              </h3>
              <DiagnosticsCopy />
            </section>

            {appInfo && (
              <section className="settings-section" id="settings-about" aria-labelledby="about-heading">
                <h3 id="about-heading" tabIndex={-1}>
                  {t('section.about')}
                </h3>
                <p className="text-muted small">
                  {t(appInfo.shell === 'web' ? 'dialog.aboutWeb' : 'dialog.aboutDesktop', {
                    name: appName,
                    version: appInfo.version,
                    platform: appInfo.platform,
                  })}
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
