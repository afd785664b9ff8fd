import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftInput } from './draft-input';
import type { FieldMessages } from './field-messages';
import { uniqueKeys } from './known-project-keys';

export interface ProjectKeyFieldProps {
  value: string;
  messages: FieldMessages;
  /** The selected Project profile's own key ('' for other credentials). */
  profileKey: string;
  /** Keys that worked before for this profile, most recent first. */
  knownKeys: readonly string[];
  onChange(value: string): void;
  onBlur(): void;
}

/** How many remembered keys are shown as one-click choices under the field (all are in its list). */
const SHOWN = 3;

/**
 * The project key, with where it comes from: a Project profile's own key, the keys that worked
 * before (offered in the field's list and as buttons), or, with none of these, who to ask.
 */
export function ProjectKeyField({
  value,
  messages,
  profileKey,
  knownKeys,
  onChange,
  onBlur,
}: ProjectKeyFieldProps) {
  const { t } = useTranslation('templates');
  const listId = useId();
  const typed = value.trim();
  const offered = uniqueKeys([profileKey, ...knownKeys]);
  const others = offered.filter((k) => k !== typed);
  const hint =
    messages.hint ??
    (profileKey !== '' && typed === profileKey
      ? t('projectKey.fromProfile')
      : profileKey !== ''
        ? t('projectKey.profileKey', { key: profileKey })
        : offered.length === 0
          ? t('projectKey.ask')
          : typed !== '' && offered.includes(typed)
            ? t('projectKey.workedBefore')
            : t('projectKey.offered'));
  return (
    <div className="tpl-project-key" data-testid="project-key">
      <DraftInput
        label={t('projectKey.label')}
        fieldId="projectKey"
        path="projectKey"
        value={value}
        messages={{ ...messages, hint }}
        placeholder={offered.length ? t('projectKey.placeholderPick') : t('projectKey.placeholderNew')}
        list={offered.length ? listId : undefined}
        onChange={onChange}
        onBlur={onBlur}
      />
      {offered.length > 0 && (
        <datalist id={listId} data-testid="project-key-options">
          {offered.map((k) => (
            <option key={k} value={k}>
              {k === profileKey ? t('projectKey.optionProfile') : t('projectKey.optionBefore')}
            </option>
          ))}
        </datalist>
      )}
      {others.length > 0 && (
        <div className="tpl-key-choices" role="group" aria-label={t('projectKey.choices')}>
          <span className="small text-muted">
            {profileKey !== '' ? t('projectKey.use') : t('projectKey.usedBefore')}
          </span>
          {others.slice(0, SHOWN).map((k) => (
            <button
              key={k}
              type="button"
              className="tpl-key-choice mono"
              title={t('projectKey.useKey', { key: k })}
              data-testid="project-key-choice"
              onClick={() => onChange(k)}
            >
              {k}
            </button>
          ))}
          {others.length > SHOWN && (
            <span className="small text-muted">{t('projectKey.more', { count: others.length - SHOWN })}</span>
          )}
        </div>
      )}
    </div>
  );
}
