import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { ErrorPanel } from '../components/error-panel';
import { NoticeBar } from '../components/notice-bar';
import { ServiceBanner } from '../components/service-banner';
import { useCatalogStore } from '../features/catalog/catalog-store';
import { FirstRun } from '../features/profiles/first-run';
import { startWallMemory } from '../features/wall/wall-store';
import type { Notice } from '../../electron/shared/contract';
import { api } from '../lib/bridge';
import { noticeWords } from '../lib/error-words';
import { startRoom } from '../features/room/start-room';
import { startCoreMirror, useCoreMirror } from '../session/core-mirror';
import { useNoticesStore } from '../session/notices-store';
import { useProfileSession } from '../session/profiles-store';
import { AppShell } from './app-shell';

/**
 * The renderer's root, and its composition root: it starts the mirror of the core's documents (filled
 * once, kept by push events), then what follows it (the previous profile, the catalog) and the notices.
 *
 * `data-state` is the readiness signal tests and monitoring wait on: "ready" once app:info and
 * profiles:list have both answered; then either the first-run choices (no profile yet) or the shell.
 */
export function App() {
  const { status, error, hasProfiles } = useCoreMirror(
    useShallow((s) => ({
      status: s.status === 'idle' ? 'loading' : s.status,
      error: s.error,
      hasProfiles: s.profiles.length > 0,
    })),
  );
  const { load, connect } = useProfileSession(useShallow((s) => ({ load: s.load, connect: s.connect })));
  const { notices, dismiss, notify } = useNoticesStore(
    useShallow((s) => ({ notices: s.notices, dismiss: s.dismiss, notify: s.notify })),
  );
  const connectCatalog = useCatalogStore((s) => s.connect);
  const { t } = useTranslation('app');

  useEffect(() => {
    // The core's notices are coded: worded here in the operator's language.
    const coreNotice = (n: Notice) => notify({ ...n, message: noticeWords(n) });
    const stopNotices = api.on('app:notice', coreNotice);
    const stopMirror = startCoreMirror(api);
    const stopRoom = startRoom(api);
    const stopProfiles = connect();
    const stopCatalog = connectCatalog();
    const stopWallMemory = startWallMemory();
    // Notices raised before we listened (a corrupt file kept aside, weak storage), once app:info is in.
    const stopEarly = useCoreMirror.subscribe(({ appInfo }) => {
      if (!appInfo) return;
      stopEarly();
      for (const n of appInfo.notices) if (n.level !== 'info') coreNotice(n);
    });
    void load();
    return () => {
      stopEarly();
      stopWallMemory();
      stopCatalog();
      stopProfiles();
      stopRoom();
      stopMirror();
      stopNotices();
    };
  }, [connect, connectCatalog, load, notify]);

  return (
    <div className="app-root" data-testid="app-root" data-state={status}>
      {status === 'loading' && (
        <div className="splash" role="status">
          <span className="spinner" aria-hidden="true" /> {t('start.loading')}
        </div>
      )}
      {status === 'error' && error && (
        <div className="splash">
          <ErrorPanel title={t('start.failed')} message={error.message} onRetry={() => void load()} />
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
