import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';
import { useWallStore } from './wall-store';

/**
 * Which layout the wall shows. Switching away from edits that are not saved asks first (Save,
 * Discard, or stay): another layout never silently takes the place of the operator's work.
 */
export function LayoutPicker() {
  const { layouts, layout, changes, editable } = useWallStore(
    useShallow((s) => ({ layouts: s.layouts, layout: s.layout, changes: s.changes, editable: s.editable() })),
  );
  const [switchTo, setSwitchTo] = useState<string | null>(null);
  const store = useWallStore.getState;
  const isNew = changes === 'new';

  const pick = (id: string) => {
    if (id === layout?.id) return;
    if (changes !== 'none' && layout && (layout.tiles.length > 0 || !isNew)) setSwitchTo(id);
    else void store().openLayout(id);
  };

  return (
    <>
      <label className="wall-toolbar-field">
        <span className="wall-toolbar-label">Layout</span>
        <select
          className="input select input-small"
          value={layout?.id ?? ''}
          onChange={(e) => pick(e.target.value)}
          aria-label="Layout"
          data-testid="wall-layout-picker"
          // A locked kiosk stays on its layout.
          disabled={!editable || (layouts.length === 0 && !layout)}
        >
          {!layout && <option value="">No layout</option>}
          {isNew && layout && <option value={layout.id}>{layout.name} (not saved)</option>}
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
