import { Badge } from '../../components/badge';
import type { CipherTier } from '../../../electron/shared/profile';

const TEXT: Record<
  CipherTier,
  { label: string; tone: 'ok' | 'neutral' | 'warn' | 'info' | 'danger'; title: string }
> = {
  strong: {
    label: 'Secrets: protected',
    tone: 'ok',
    title: 'Secrets are encrypted with a key kept outside the data files.',
  },
  file: {
    label: 'Secrets: key file on this disk',
    tone: 'neutral',
    title:
      'No OS keyring answered: secrets are encrypted with a random key kept in an owner-only file on this disk, outside the data folder. A copy of the data folder reveals nothing, but anyone with this user’s access to this machine can read the key.',
  },
  weak: {
    label: '⚠ Secrets: weak',
    tone: 'warn',
    title:
      'No OS keychain answered: secrets are only obfuscated with a key that is the same on every Linux machine.',
  },
  test: { label: 'Secrets: test cipher', tone: 'info', title: 'A reversible test cipher (tests only).' },
  unavailable: {
    label: 'Secrets: cannot store',
    tone: 'danger',
    title: 'This machine cannot encrypt secrets now.',
  },
};

/** What a storage tier means for the secrets, in a sentence (the badge's tooltip). */
export function storageTierMeaning(tier: CipherTier): string {
  return TEXT[tier].title;
}

/** How well a profile's (or this machine's) secrets are protected, with the weak warning. */
export function StorageTierBadge({ tier }: { tier: CipherTier }) {
  const t = TEXT[tier];
  return (
    <Badge tone={t.tone} title={t.title} testId="storage-tier">
      {t.label}
    </Badge>
  );
}
