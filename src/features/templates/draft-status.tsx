import { useShallow } from 'zustand/react/shallow';
import { formatTime } from '../../lib/format-time';
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
      {state === 'switching' && `Switching to ${switchingTo}…`}
      {state === 'failed' && <span className="text-warn">Not saved: {s.error}</span>}
      {state === 'new' && 'New template'}
      {state === 'saved' && s.savedAt !== null && `Draft saved ${formatTime(s.savedAt)}`}
      {state === 'saving' && 'Saving the draft…'}
      {state !== 'switching' && profileName && ` · ${profileName}`}
    </span>
  );
}
