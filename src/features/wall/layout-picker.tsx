import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useTourStore } from './tour-store';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';
import { selectLayouts, useCoreMirror } from '../../session/core-mirror';
import { useWallStore } from './wall-store';

/**
 * Which view the wall shows. Switching away from edits that are not saved asks first (Save,
 * Discard, or stay): another view never silently takes the place of the operator's work.
 *
 * While a tour runs it names the view the tour shows (`touring`), not the wall's own one waiting
 * under it; choosing a view stops the tour and shows that one.
 */
export function LayoutPicker({ touring = null }: { touring?: { layoutId: string } | null }) {
  const layouts = useCoreMirror(selectLayouts);
  const { layout, changes, editable } = useWallStore(
    useShallow((s) => ({ layout: s.layout, changes: s.changes, editable: s.editable() })),
  );
  const [switchTo, setSwitchTo] = useState<string | null>(null);
  const { t } = useTranslation('wall');
  const store = useWallStore.getState;
  const isNew = changes === 'new';

  const pick = (id: string) => {
    if (touring && id === layout?.id) {
      useTourStore.getState().stop();
      return;
    }
    if (id === layout?.id) return;
    if (changes !== 'none' && layout && (layout.tiles.length > 0 || !isNew)) setSwitchTo(id);
    else void store().openLayout(id);
  };

  return (
    <>
      <label className="wall-toolbar-field">
        <span className="wall-toolbar-label">{t('picker.label')}</span>
        <select
          className="input select input-small"
          value={touring?.layoutId ?? layout?.id ?? ''}
          onChange={(e) => pick(e.target.value)}
          aria-label={t('picker.label')}
          data-testid="wall-layout-picker"
          // A locked kiosk stays on its layout.
          disabled={!editable || (layouts.length === 0 && !layout)}
        >
          {!layout && <option value="">{t('picker.none')}</option>}
          {isNew && layout && (
            <option value={layout.id}>{t('picker.notSaved', { name: layout.name })}</option>
          )}
          {layouts.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
      </label>
      {switchTo && layout && (
        <UnsavedChangesDialog
          name={layout.name}
          isNew={isNew}
          onCancel={() => setSwitchTo(null)}
          onDiscard={() => {
            setSwitchTo(null);
            void store().openLayout(switchTo);
          }}
          onSave={async () => {
            const saved = isNew ? await store().saveAs(layout.name) : await store().saveLayout();
            // A refusal stays in the dialog with its words; the wall and its edits stay as they are.
            if (!saved.ok) return saved;
            setSwitchTo(null);
            await store().openLayout(switchTo);
            return saved;
          }}
        />
      )}
    </>
  );
}
