import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { profileName } from '../../lib/profile-name';
import { useCoreMirror } from '../../session/core-mirror';
import { selectActiveProfile, useProfileSession } from '../../session/profiles-store';
import { useWallEngine } from './use-wall-engine';
import './profile-refusal-notice.css';

export interface ProfileRefusalNoticeProps {
  /** Open profile management (the app's profiles dialog); the refused profile's form opens. */
  onEditProfile?: () => void;
}

/**
 * One line on the wall for each profile whose credentials the platform refused: the wall stopped
 * asking with them (a real platform locks an account retried for ever), names the profile, and offers
 * to fix it or to try again. Saving the profile asks again by itself (WallEngineProvider).
 */
export function ProfileRefusalNotice({ onEditProfile }: ProfileRefusalNoticeProps) {
  const engine = useWallEngine();
  const { t } = useTranslation('tiles');
  const subscribe = useCallback((changed: () => void) => engine.onProfileRefusals(changed), [engine]);
  const refusals = useSyncExternalStore(subscribe, () => engine.profileRefusals());
  const profiles = useCoreMirror((m) => m.profiles);
  const active = useCoreMirror(selectActiveProfile);
  const requestEdit = useProfileSession((s) => s.requestEdit);
  if (refusals.length === 0) return null;

  return (
    <div className="wall-refusals" data-testid="wall-profile-refusals">
      {refusals.map((refusal) => {
        const profile = refusal.profile ? profiles.find((p) => p.id === refusal.profile) : active;
        const name = profile ? profileName(profile) : refusal.profile;
        return (
          <div
            key={refusal.profile || '(active)'}
            className="wall-refusal small"
            role="alert"
            data-testid="wall-profile-refused"
            data-profile={profile?.id ?? refusal.profile}
            title={t('refusal.title', { name, detail: refusal.detail })}
          >
            <span className="wall-refusal-text">{t('refusal.text', { name })}</span>
            {profile && onEditProfile && (
              <Button
                size="small"
                data-testid="wall-refused-edit-profile"
                onClick={() => {
                  requestEdit(profile.id);
                  onEditProfile();
                }}
              >
                {t('refusal.edit', { name })}
              </Button>
            )}
            <Button
              size="small"
              variant="ghost"
              data-testid="wall-refused-retry"
              title={t('refusal.retryTitle')}
              onClick={() => engine.liftRefusal(refusal.profile)}
            >
              {t('refusal.retry')}
            </Button>
          </div>
        );
      })}
    </div>
  );
}
