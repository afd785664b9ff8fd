import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ErrorPanel } from '../../components/error-panel';
import { formatNumber } from '../../i18n/format';
import { useAppName } from '../../i18n/use-app-name';
import { useCoreMirror } from '../../session/core-mirror';
import { useProfileSession } from '../../session/profiles-store';
import { ProfileForm } from './profile-form';
import { StorageTierBadge } from './storage-tier-badge';

/** How many devices the demo platform seeds (electron/demo-platform's seed): said on its card. */
const DEMO_DEVICES = 2000;

/**
 * The first screen, while no profile exists: try the built-in demo platform in one click, or connect
 * to a real platform with a profile.
 *
 * It scrolls inside itself (the app is a fixed shell: the document never scrolls), with the form's
 * buttons pinned at the bottom of the window while the form is taller than it.
 */
export function FirstRun() {
  const appInfo = useCoreMirror((m) => m.appInfo);
  const { t } = useTranslation('profiles');
  const { demoStarting, demoError, startDemo } = useProfileSession(
    useShallow((s) => ({
      demoStarting: s.demoStarting,
      demoError: s.demoError,
      startDemo: s.startDemo,
    })),
  );
  const [connecting, setConnecting] = useState(false);
  const appName = useAppName();
  const demoAvailable = appInfo?.demoAvailable ?? false;

  return (
    <main className="first-run-scroll" data-testid="first-run">
      <div className="first-run">
        <header className="first-run-header">
          <h1>{appName}</h1>
          <p className="lead">{t('firstRun.lead')}</p>
        </header>

        {!connecting && (
          <div className="first-run-choices">
            <button
              type="button"
              className="choice-card"
              onClick={() => void startDemo()}
              disabled={!demoAvailable || demoStarting}
              aria-busy={demoStarting || undefined}
              data-testid="choose-demo"
            >
              <span className="choice-card-title">{t('firstRun.demoTitle')}</span>
              <span className="choice-card-text">
                {t('firstRun.demoText', { devices: formatNumber(DEMO_DEVICES) })}
              </span>
              {!demoAvailable && (
                <span className="choice-card-text text-warn">{t('firstRun.demoUnavailable')}</span>
              )}
            </button>
            <button
              type="button"
              className="choice-card"
              onClick={() => setConnecting(true)}
              disabled={demoStarting}
              data-testid="choose-connect"
            >
              <span className="choice-card-title">{t('firstRun.connectTitle')}</span>
              <span className="choice-card-text">{t('firstRun.connectText')}</span>
            </button>
          </div>
        )}

        <div aria-live="polite" className="first-run-status">
          {demoStarting && (
            <p className="progress-line" role="status" data-testid="demo-progress">
              <span className="spinner" aria-hidden="true" /> {t('firstRun.demoProgress')}
            </p>
          )}
        </div>
        {demoError && !demoStarting && (
          <ErrorPanel
            title={t('firstRun.demoFailed')}
            message={demoError.message}
            coded={demoError}
            status={demoError.status}
            kind={demoError.kind}
            onRetry={() => void startDemo()}
          />
        )}

        {connecting && (
          <section className="first-run-form" aria-labelledby="connect-heading">
            <h2 id="connect-heading">{t('firstRun.connectTitle')}</h2>
            <ProfileForm selectOnSave onSaved={() => undefined} onCancel={() => setConnecting(false)} />
          </section>
        )}

        {appInfo && (
          <footer className="first-run-footer text-muted small">
            {t('firstRun.footer')} <StorageTierBadge tier={appInfo.storageTier} />
          </footer>
        )}
      </div>
    </main>
  );
}
