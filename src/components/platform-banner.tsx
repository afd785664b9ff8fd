import { useTranslation } from 'react-i18next';
import { formatSince } from '../i18n/format';
import { platformReasonWords } from '../lib/error-words';
import { useCoreMirror } from '../session/core-mirror';

/**
 * One banner while the platform (or the network to it) does not answer: since when, and that every
 * camera keeps retrying by itself and comes back as soon as the platform does. Without it, each tile
 * would only show its own "Network problem".
 */
export function PlatformBanner() {
  const { t } = useTranslation('components');
  const status = useCoreMirror((s) => s.platform);
  if (!status || status.reachable) return null;
  return (
    <div className="service-banner platform-banner" role="alert" data-testid="platform-banner">
      <span className="service-banner-icon" aria-hidden="true">
        ⚠
      </span>
      <span>
        <strong>
          {status.origin
            ? t('platformBanner.titleAt', { origin: status.origin, since: formatSince(status.since) })
            : t('platformBanner.title', { since: formatSince(status.since) })}
        </strong>
        {status.reason
          ? t('platformBanner.bodyReason', { reason: platformReasonWords(status) })
          : t('platformBanner.body')}
      </span>
    </div>
  );
}
