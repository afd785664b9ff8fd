import type { HTMLAttributes, SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import type { UnsavedSection } from './unsaved-sections';

/** React types onCancel for <dialog> only, but carries a nested dialog's cancel through any element. */
const containCancel = {
  onCancel: (e: SyntheticEvent) => e.stopPropagation(),
} as HTMLAttributes<HTMLDivElement>;

export interface UnsavedCloseDialogProps {
  sections: readonly UnsavedSection[];
  /** A save is under way (after "Save and close"). */
  saving: boolean;
  onSave(): void;
  onDiscard(): void;
  onKeepEditing(): void;
}

/**
 * Settings closed with sections changed and not saved: save them and close, discard them and close,
 * or go back to them. "Keep editing" has the focus, so Enter or Escape loses nothing.
 */
export function UnsavedCloseDialog({
  sections,
  saving,
  onSave,
  onDiscard,
  onKeepEditing,
}: UnsavedCloseDialogProps) {
  const { t } = useTranslation('settings');
  const canSaveAll = sections.every((s) => s.canSave || s.saving);
  return (
    // Its Escape closes this question only, not the Settings dialog around it.
    <div className="contents" {...containCancel}>
      <Dialog
        title={t('unsaved.title')}
        onClose={onKeepEditing}
        size="small"
        testId="settings-unsaved-dialog"
        footer={
          <>
            <Button onClick={onKeepEditing} autoFocus data-testid="settings-keep-editing">
              {t('unsaved.keepEditing')}
            </Button>
            <Button variant="danger" onClick={onDiscard} data-testid="settings-discard">
              {t('unsaved.discard')}
            </Button>
            <Button
              variant="primary"
              busy={saving}
              disabled={!canSaveAll}
              onClick={onSave}
              data-testid="settings-save-and-close"
            >
              {t('unsaved.saveAndClose')}
            </Button>
          </>
        }
      >
        <p>{t('unsaved.body')}</p>
        <ul className="settings-unsaved-list">
          {sections.map((s) => (
            <li key={s.label}>{s.name ?? sectionName(s.label)}</li>
          ))}
        </ul>
        {!canSaveAll && <p className="text-warn small">{t('unsaved.cannotSave')}</p>}
      </Dialog>
    </div>
  );
}

/** A section that gives no name (English only): "Save room settings" → "Room settings". */
function sectionName(label: string): string {
  const name = label.replace(/^Save /, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
}
