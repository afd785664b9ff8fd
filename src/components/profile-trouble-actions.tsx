import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { AppError } from '../../electron/shared/contract';
import { plainError } from '../lib/plain-error';
import { profileName } from '../lib/profile-name';
import { useCoreMirror } from '../session/core-mirror';
import { selectActiveProfile, selectPreviousProfile, useProfileSession } from '../session/profiles-store';
import { Button } from './button';

export interface ProfileTroubleActionsProps {
  /** Open profile management: the form of the active profile opens (the session's edit request). */
  onEditProfile(): void;
  /**
   * The error shown beside: the actions appear only when it may be the profile's fault (refused
   * credentials, a platform that cannot be reached or answers nonsense). Absent: always shown.
   */
  error?: Pick<AppError, 'kind' | 'message'> | null;
}

/** Errors a different profile (or a corrected one) may cure. */
const PROFILE_KINDS = new Set(['auth', 'forbidden', 'not-found', 'network', 'timeout', 'bad-response']);

/** Whether an error may be the active profile's fault; the app losing its own service is not. */
function isProfileTrouble(error: Pick<AppError, 'kind' | 'message'>): boolean {
  return PROFILE_KINDS.has(error.kind) && plainError(error).technical === undefined;
}

/**
 * The way out of an error that is the active profile's fault (a 401, a 403, a platform that cannot be
 * reached): edit the profile, or go back to the profile that was active before. Put beside the error.
 */
export function ProfileTroubleActions({ onEditProfile, error: shownError }: ProfileTroubleActionsProps) {
  const { t } = useTranslation('components');
  const profiles = useCoreMirror((m) => m.profiles);
  const { previousId, selectPrevious, requestEdit } = useProfileSession(
    useShallow((s) => ({
      previousId: s.previousId,
      selectPrevious: s.selectPrevious,
      requestEdit: s.requestEdit,
    })),
  );
  const active = selectActiveProfile({ profiles });
  const previous = selectPreviousProfile({ profiles, previousId });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  if (!active || (shownError !== undefined && (!shownError || !isProfileTrouble(shownError)))) return null;

  const back = async () => {
    setBusy(true);
    setError(null);
    const result = await selectPrevious();
    setBusy(false);
    if (!result.ok) setError(result.error);
  };

  return (
    <div className="profile-trouble-actions" data-testid="profile-trouble-actions">
      <Button
        size="small"
        onClick={() => {
          requestEdit(active.id);
          onEditProfile();
        }}
        data-testid="edit-active-profile"
      >
        {t('profileTrouble.edit', { name: profileName(active) })}
      </Button>
      {previous && (
        <Button size="small" busy={busy} onClick={() => void back()} data-testid="back-to-previous-profile">
          {t('profileTrouble.back', { name: profileName(previous) })}
        </Button>
      )}
      {error && (
        <p className="text-danger small" role="alert">
          {t('profileTrouble.backFailed', { reason: plainError(error).message })}
        </p>
      )}
    </div>
  );
}
