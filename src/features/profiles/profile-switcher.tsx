import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { plainError } from '../../lib/plain-error';
import { useNoticesStore } from '../../session/notices-store';
import { useCoreMirror } from '../../session/core-mirror';
import { selectActiveProfile, useProfileSession } from '../../session/profiles-store';
import { nextChoice, type ChoiceEvent } from './profile-choice';
import { StorageTierBadge } from './storage-tier-badge';
import { profileName } from '../../lib/profile-name';

export interface ProfileSwitcherProps {
  /** "Profiles…": the shell opens profile management. */
  onManageProfiles(): void;
}

/**
 * The top bar's profile picker: the active profile, its credential type and how its secrets are
 * stored (with the weak warning), and the way into profile management.
 *
 * Arrow keys only move the choice (see profile-choice.ts): Enter or leaving the select switches,
 * Escape goes back, a mouse choice switches at once.
 */
export function ProfileSwitcher({ onManageProfiles }: ProfileSwitcherProps) {
  const { t } = useTranslation(['profiles', 'common']);
  const profiles = useCoreMirror((m) => m.profiles);
  const active = selectActiveProfile({ profiles });
  const select = useProfileSession((s) => s.select);
  const notify = useNoticesStore((s) => s.notify);
  const id = useId();
  const hintId = useId();
  const [pending, setPending] = useState<string | null>(null);
  // The value changes between a key's down and up when the keys moved it (not the mouse, not the open list).
  const keyDown = useRef(false);
  const activeId = active?.id ?? '';

  const switchTo = async (value: string) => {
    const result = await select(value || null);
    if (!result.ok)
      notify({
        level: 'error',
        message: t('switcher.switchFailed', { reason: plainError(result.error).message }),
      });
  };
  const take = (event: ChoiceEvent) => {
    const step = nextChoice(activeId, pending, event);
    setPending(step.pending);
    if (step.commit !== undefined) void switchTo(step.commit);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLSelectElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      take({ type: 'enter' });
    } else if (e.key === 'Escape') {
      // Only the pending choice is undone; with none, Escape means what it means around the select.
      if (pending !== null) e.stopPropagation();
      take({ type: 'escape' });
    } else if (e.key.length === 1 || /^(Arrow|Home$|End$|Page)/.test(e.key)) keyDown.current = true;
  };

  return (
    <div className="profile-switcher" data-testid="profile-switcher">
      <label htmlFor={id} className="topbar-label">
        {t('switcher.label')}
      </label>
      <select
        id={id}
        className="input select"
        value={pending ?? activeId}
        onKeyDown={onKeyDown}
        onKeyUp={() => (keyDown.current = false)}
        onPointerDown={() => (keyDown.current = false)}
        onChange={(e) => take({ type: 'changed', value: e.target.value, byKeys: keyDown.current })}
        onBlur={() => {
          keyDown.current = false;
          take({ type: 'blur' });
        }}
        aria-describedby={pending !== null ? hintId : undefined}
        data-pending={pending !== null}
        data-testid="profile-select"
      >
        {!active && <option value="">{t('switcher.choose')}</option>}
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {t('switcher.option', {
              name: profileName(p),
              type: t(`common:credentialType.${p.credentialType}`),
            })}
          </option>
        ))}
      </select>
      {pending !== null && (
        <span
          id={hintId}
          className="text-muted small"
          role="status"
          title={
            active ? t('switcher.escapeStays', { name: profileName(active) }) : t('switcher.escapeStaysNone')
          }
          data-testid="profile-pending-hint"
        >
          {t('switcher.pendingHint')}
        </span>
      )}
      {active && (
        <>
          <Badge tone="info" testId="credential-type" title={t('switcher.typeTitle')}>
            {t(`common:credentialType.${active.credentialType}`)}
          </Badge>
          <StorageTierBadge tier={active.storageTier} />
        </>
      )}
      <Button size="small" onClick={onManageProfiles} data-testid="manage-profiles">
        {t('switcher.manage')}
      </Button>
    </div>
  );
}
