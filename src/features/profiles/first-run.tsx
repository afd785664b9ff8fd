import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorPanel } from '../../components/error-panel';
import { useProfilesStore } from '../../session/profiles-store';
import { ProfileForm } from './profile-form';
import { StorageTierBadge } from './storage-tier-badge';

/**
 * The first screen, while no profile exists: try the built-in demo platform in one click, or connect
 * to a real platform with a profile.
 *
 * It scrolls inside itself (the app is a fixed shell: the document never scrolls), with the form's
 * buttons pinned at the bottom of the window while the form is taller than it.
 */
export function FirstRun() {
  const { appInfo, demoStarting, demoError, startDemo } = useProfilesStore(
    useShallow((s) => ({
      appInfo: s.appInfo,
      demoStarting: s.demoStarting,
      demoError: s.demoError,
      startDemo: s.startDemo,
    })),
  );
  const [connecting, setConnecting] = useState(false);
  const demoAvailable = appInfo?.demoAvailable ?? false;

  return (
    <main className="first-run-scroll" data-testid="first-run">
      <div className="first-run">
        <header className="first-run-header">
          <h1>{appInfo?.name ?? 'Control Room Wall'}</h1>
          <p className="lead">
            Live video of your platform&apos;s devices on one wall. How do you want to start?
          </p>
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
              <span className="choice-card-title">Explore with the built-in demo platform</span>
              <span className="choice-card-text">
                Starts a demo platform on this computer, with sample products, 2,000 devices and live video.
                Nothing leaves this machine.
              </span>
              {!demoAvailable && (
                <span className="choice-card-text text-warn">Not available in this shell.</span>
              )}
            </button>
            <button
              type="button"
              className="choice-card"
              onClick={() => setConnecting(true)}
              disabled={demoStarting}
              data-testid="choose-connect"
            >
              <span className="choice-card-title">Connect to my platform</span>
              <span className="choice-card-text">
                Enter its base URL and the credentials you were given: User, Product, Device or Project.
              </span>
            </button>
          </div>
        )}

        <div aria-live="polite" className="first-run-status">
          {demoStarting && (
            <p className="progress-line" role="status" data-testid="demo-progress">
              <span className="spinner" aria-hidden="true" /> Starting the demo platform and creating its
              profile…
            </p>
          )}
        </div>
        {demoError && !demoStarting && (
          <ErrorPanel
            title="The demo platform did not start"
            message={demoError.message}
            status={demoError.status}
            kind={demoError.kind}
            onRetry={() => void startDemo()}
          />
        )}

        {connecting && (
          <section className="first-run-form" aria-labelledby="connect-heading">
            <h2 id="connect-heading">Connect to my platform</h2>
            <ProfileForm selectOnSave onSaved={() => undefined} onCancel={() => setConnecting(false)} />
          </section>
        )}

        {appInfo && (
          <footer className="first-run-footer text-muted small">
            Secrets you enter are stored encrypted on this computer.{' '}
            <StorageTierBadge tier={appInfo.storageTier} />
          </footer>
        )}
      </div>
    </main>
  );
}
