import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/badge';
import type { CipherTier } from '../../../electron/shared/profile';

const TONE: Record<CipherTier, 'ok' | 'neutral' | 'warn' | 'info' | 'danger'> = {
  strong: 'ok',
  file: 'neutral',
  weak: 'warn',
  test: 'info',
  unavailable: 'danger',
};

/** What a storage tier means for the secrets, in a sentence (the badge's tooltip). */
export function StorageTierMeaning({ tier }: { tier: CipherTier }) {
  const { t } = useTranslation('profiles');
  return t(`storage.${tier}.title`);
}

/** How well a profile's (or this machine's) secrets are protected, with the weak warning. */
export function StorageTierBadge({ tier }: { tier: CipherTier }) {
  const { t } = useTranslation('profiles');
  return (
    <Badge tone={TONE[tier]} title={t(`storage.${tier}.title`)} testId="storage-tier">
      {t(`storage.${tier}.label`)}
    </Badge>
  );
}
