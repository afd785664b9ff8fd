import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileName } from '../../lib/profile-name';
import { canPerform, OPERATION_MATRIX } from '../../../electron/shared/domain';
import type { ProfileView } from '../../../electron/shared/profile';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { formatOrList } from '../../i18n/format';

export interface CredentialGateProps {
  /** The selected profile, or null when none is. */
  active: ProfileView | null;
  profiles: readonly ProfileView[];
  onSelect(id: string): Promise<{ ok: boolean; error?: { message: string } }>;
  onManageProfiles(): void;
}

/**
 * Shown instead of the form when the selected credentials may not add templates (spec part 5: only
 * User and Project), or no profile is selected: says so, and offers the profiles that can.
 */
export function CredentialGate({ active, profiles, onSelect, onManageProfiles }: CredentialGateProps) {
  const { t } = useTranslation(['templates', 'common']);
  const able = profiles.filter((p) => canPerform(p.credentialType, 'createTemplate'));
  const [choice, setChoice] = useState(able[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = able.some((p) => p.id === choice) ? choice : (able[0]?.id ?? '');

  return (
    <div className="callout callout-warn tpl-gate" data-testid="credential-gate">
      <p className="callout-title">
        {active
          ? t('gate.refusal', {
              type: t(`common:credentialType.${active.credentialType}`),
              allowed: formatOrList(
                OPERATION_MATRIX.createTemplate.map((type) => t(`common:credentialType.${type}`)),
              ),
            })
          : t('gate.noProfile')}
      </p>
      {able.length > 0 ? (
        <>
          <p>{t('gate.switchTo')}</p>
          <div className="tpl-gate-row">
            <SelectField
              label={t('gate.profile')}
              value={chosen}
              options={able.map((p) => ({
                value: p.id,
                label: t('gate.option', {
                  name: profileName(p),
                  type: t(`common:credentialType.${p.credentialType}`),
                }),
              }))}
              onChange={setChoice}
            />
            <Button
              variant="primary"
              busy={busy}
              onClick={async () => {
                setBusy(true);
                setError(null);
                const answer = await onSelect(chosen);
                setBusy(false);
                if (!answer.ok) setError(answer.error?.message ?? t('gate.selectFailed'));
              }}
            >
              {t('gate.switch')}
            </Button>
          </div>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </>
      ) : (
        <p>{t('gate.none')}</p>
      )}
      <button type="button" className="link" onClick={onManageProfiles}>
        {t('gate.manage')}
      </button>
    </div>
  );
}
