import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { formatDateTime } from '../../i18n/format';
import { isBlankDraft } from './template-draft';
import { useTemplateFormStore } from './template-form-store';

export interface DraftStatusProps {
  /** A profile switch is under way, to this profile. */
  switchingTo: string | null;
  profileName: string | null;
}

/**
 * Where the draft stands, in the panel's header. "Draft saved" shows only while the form holds what
 * was saved: a failed save says "Not saved: …", and typing not yet saved says "Saving…".
 */
export function DraftStatus({ switchingTo, profileName }: DraftStatusProps) {
  const { t } = useTranslation('templates');
  const s = useTemplateFormStore(
    useShallow((state) => ({
      draft: state.draft,
      savedDraft: state.savedDraft,
      savedAt: state.draftSavedAt,
      error: state.draftError,
    })),
  );
  const state =
    switchingTo !== null
      ? 'switching'
      : s.error !== null
        ? 'failed'
        : isBlankDraft(s.draft)
          ? 'new'
          : s.draft === s.savedDraft && s.savedAt !== null
            ? 'saved'
            : 'saving';
  return (
    <span className="small text-muted tpl-draft-status" data-testid="draft-status" data-state={state}>
      {state === 'switching' && t('draftStatus.switching', { name: switchingTo })}
      {state === 'failed' && (
        <span className="text-warn">{t('draftStatus.failed', { reason: s.error })}</span>
      )}
      {state === 'new' && t('draftStatus.new')}
      {state === 'saved' && s.savedAt !== null && t('draftStatus.saved', { time: formatDateTime(s.savedAt) })}
      {state === 'saving' && t('draftStatus.saving')}
      {state !== 'switching' && profileName && t('draftStatus.profile', { name: profileName })}
    </span>
  );
}
