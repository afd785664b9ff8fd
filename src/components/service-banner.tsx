import { useEffect, useState, useSyncExternalStore } from 'react';
import { Trans } from 'react-i18next';
import { formatSince } from '../i18n/format';
import { serviceContact, type ServiceContactStore } from '../lib/http-transport';

/** A break shorter than this (a shell restarting, a blip) shows nothing. */
const BANNER_GRACE_MS = 2000;

export interface ServiceBannerProps {
  /** Default the app's own; tests and stories pass another. */
  contact?: ServiceContactStore;
}

/**
 * One banner, over the top bar, while the page cannot reach its own service (the browser shell on
 * this computer): since when, and that it is retrying by itself. Every part of the screen that needs
 * the service would otherwise show the same error; the banner says it once. In the desktop app the
 * core is in-process and the banner never shows.
 */
export function ServiceBanner({ contact = serviceContact }: ServiceBannerProps) {
  const state = useSyncExternalStore(contact.subscribe, contact.get);
  const since = state.state === 'ok' ? null : state.since;
  // The break whose grace has run out; a newer break waits out its own.
  const [graceOver, setGraceOver] = useState<number | null>(null);

  useEffect(() => {
    if (since === null) return;
    const timer = setTimeout(() => setGraceOver(since), Math.max(0, since + BANNER_GRACE_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [since]);

  if (state.state === 'ok' || graceOver !== since) return null;
  return (
    <div className="service-banner" role="alert" data-testid="service-banner" data-state={state.state}>
      <span className="service-banner-icon" aria-hidden="true">
        ⚠
      </span>
      {state.state === 'lost' ? (
        <span>
          <Trans
            ns="components"
            i18nKey="serviceBanner.lost"
            values={{ since: formatSince(state.since) }}
            components={{ strong: <strong /> }}
          />
        </span>
      ) : (
        <span>
          <Trans ns="components" i18nKey="serviceBanner.restarted" components={{ strong: <strong /> }} />
        </span>
      )}
    </div>
  );
}
