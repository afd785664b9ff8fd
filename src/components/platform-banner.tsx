import { formatSince } from '../lib/format-time';
import { useCoreMirror } from '../session/core-mirror';

/**
 * One banner while the platform (or the network to it) does not answer: since when, and that every
 * camera keeps retrying by itself and comes back as soon as the platform does. Without it, each tile
 * would only show its own "Network problem".
 */
export function PlatformBanner() {
  const status = useCoreMirror((s) => s.platform);
  if (!status || status.reachable) return null;
  return (
    <div className="service-banner platform-banner" role="alert" data-testid="platform-banner">
      <span className="service-banner-icon" aria-hidden="true">
        ⚠
      </span>
      <span>
        <strong>
          The platform{status.origin ? ` at ${status.origin}` : ''} is unreachable since{' '}
          {formatSince(status.since)}
        </strong>
        {status.reason ? ` (${status.reason})` : ''} — every camera keeps retrying and plays again as soon as
        it answers.
      </span>
    </div>
  );
}
