import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorPanel } from '../components/error-panel';
import { NoticeBar } from '../components/notice-bar';
import { ServiceBanner } from '../components/service-banner';
import { useCatalogStore } from '../features/catalog/catalog-store';
import { FirstRun } from '../features/profiles/first-run';
import { api } from '../lib/bridge';
import { useNoticesStore } from '../session/notices-store';
import { useProfilesStore } from '../session/profiles-store';
import { AppShell } from './app-shell';

/**
 * The renderer's root.
 *
 * `data-state` is the readiness signal tests and monitoring wait on: "ready" once app:info and
 * profiles:list have both answered; then either the first-run choices (no profile yet) or the shell.
 */
export function App() {
  const { status, error, hasProfiles, load, connect } = useProfilesStore(
    useShallow((s) => ({
      status: s.status,
      error: s.error,
      hasProfiles: s.profiles.length > 0,
      load: s.load,
      connect: s.connect,
    })),
  );
  const { notices, dismiss, notify } = useNoticesStore(
    useShallow((s) => ({ notices: s.notices, dismiss: s.dismiss, notify: s.notify })),
  );
  const connectCatalog = useCatalogStore((s) => s.connect);

  useEffect(() => {
    const stopProfiles = connect();
    const stopCatalog = connectCatalog();
    const stopNotices = api.on('app:notice', notify);
    void load().then(() => {
      // Notices raised before we listened (a corrupt file kept aside, weak storage).
      for (const n of useProfilesStore.getState().appInfo?.notices ?? []) if (n.level !== 'info') notify(n);
    });
    return () => {
      stopProfiles();
      stopCatalog();
      stopNotices();
    };
  }, [connect, connectCatalog, load, notify]);

  return (
    <div className="app-root" data-testid="app-root" data-state={status}>
      {status === 'loading' && (
        <div className="splash" role="status">
          <span className="spinner" aria-hidden="true" /> Starting…
        </div>
      )}
      {status === 'error' && error && (
        <div className="splash">
          <ErrorPanel title="The app could not start" message={error.message} onRetry={() => void load()} />
        </div>
      )}
      {status === 'ready' && (hasProfiles ? <AppShell /> : <FirstRun />)}
      {/* The shell has its own notice strip (never over a tile); this one serves first run and splash. */}
      {!(status === 'ready' && hasProfiles) && <NoticeBar notices={notices} onDismiss={dismiss} />}
      {/* The shell gives its banners a row of their own (the wall shrinks under them); this one serves first run and splash. */}
      {!(status === 'ready' && hasProfiles) && <ServiceBanner />}
    </div>
  );
}
