import { useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { CREDENTIAL_TYPE_LABELS } from '../../../electron/shared/domain';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { plainError } from '../../lib/plain-error';
import { useNoticesStore } from '../../session/notices-store';
import { selectActiveProfile, useProfilesStore } from '../../session/profiles-store';
import { StorageTierBadge } from './storage-tier-badge';

export interface ProfileSwitcherProps {
  /** "Profiles…": the shell opens profile management. */
  onManageProfiles(): void;
}

/**
 * The top bar's profile picker: the active profile, its credential type and how its secrets are
 * stored (with the weak warning), and the way into profile management.
 */
export function ProfileSwitcher({ onManageProfiles }: ProfileSwitcherProps) {
  const { profiles, active, select } = useProfilesStore(
    useShallow((s) => ({ profiles: s.profiles, active: selectActiveProfile(s), select: s.select })),
  );
  const notify = useNoticesStore((s) => s.notify);
  const id = useId();

  const onChange = async (value: string) => {
    const result = await select(value || null);
    if (!result.ok)
      notify({ level: 'error', message: `Could not switch profile: ${plainError(result.error).message}` });
  };

  return (
    <div className="profile-switcher" data-testid="profile-switcher">
      <label htmlFor={id} className="topbar-label">
        Profile
      </label>
      <select
        id={id}
        className="input select"
        value={active?.id ?? ''}
        onChange={(e) => void onChange(e.target.value)}
        data-testid="profile-select"
      >
        {!active && <option value="">Choose a profile…</option>}
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({CREDENTIAL_TYPE_LABELS[p.credentialType]})
          </option>
        ))}
      </select>
      {active && (
        <>
          <Badge tone="info" testId="credential-type" title="Credential type of the active profile">
            {CREDENTIAL_TYPE_LABELS[active.credentialType]}
          </Badge>
          <StorageTierBadge tier={active.storageTier} />
        </>
      )}
      <Button size="small" onClick={onManageProfiles} data-testid="manage-profiles">
        Profiles…
      </Button>
    </div>
  );
}
