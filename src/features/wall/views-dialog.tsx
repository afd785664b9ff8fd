import i18next from 'i18next';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { AppError } from '../../../electron/shared/contract';
import type { Layout } from '../../../electron/shared/layout';
import type { ImportConflict, ViewsImportSummary } from '../../../electron/shared/views-transfer';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { api } from '../../lib/bridge';
import { profileName as wordedProfileName } from '../../lib/profile-name';
import { downloadJsonText } from '../../lib/download-file';
import { selectLayouts, selectTours, useCoreMirror } from '../../session/core-mirror';
import { useWallStore } from './wall-store';
import './views-dialog.css';

/** What views:import takes at most (ViewsImportInputSchema: the core refuses more); checked before reading a file. */
const MAX_VIEWS_FILE_BYTES = 2_000_000;

type ImportOutcome =
  | { ok: true; fileName: string; summary: ViewsImportSummary }
  | { ok: false; fileName: string; error: AppError };

/** What became of an imported view or tour, in words. */
const outcomeWords = (outcome: ViewsImportSummary['views'][number]['outcome']): string =>
  i18next.t(`wall:views.outcome.${outcome}`);

/** "3 × 2 · 4 tiles" */
function shape(layout: Layout): string {
  const { columns, rows } = layout.grid;
  const count = layout.tiles.length;
  return count === 0
    ? i18next.t('wall:views.shapeEmpty', { columns, rows })
    : i18next.t('wall:views.shape', { columns, rows, count });
}

/** The longest name a view may have (the core's LayoutSchema says the same). */
const MAX_NAME = 100;

function nameProblem(name: string, id: string, layouts: readonly Layout[]): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return i18next.t('wall:views.nameRequired');
  if (trimmed.length > MAX_NAME) return i18next.t('wall:views.nameTooLong', { max: MAX_NAME });
  const clash = layouts.find((l) => l.id !== id && l.name.trim().toLowerCase() === trimmed.toLowerCase());
  if (clash) return i18next.t('wall:views.nameTaken', { name: clash.name });
  return undefined;
}

/**
 * The saved views (layouts) managed in one place: rename (inline), duplicate, delete (asked first),
 * and export or import as a JSON file without any secret. An import that is refused lists every
 * problem by its JSON path and changes nothing.
 */
export function ViewsDialog({ onClose }: { onClose(): void }) {
  const layouts = useCoreMirror(selectLayouts);
  const { openId, changes } = useWallStore(
    useShallow((s) => ({ openId: s.layout?.id ?? null, changes: s.changes })),
  );
  // The tours and the profiles as the core's mirror holds them: nothing to ask the core again.
  const tours = useCoreMirror(selectTours);
  const profiles = useCoreMirror((m) => m.profiles);
  const [editing, setEditing] = useState<{ id: string; name: string; error?: string } | null>(null);
  const [removing, setRemoving] = useState<Layout | null>(null);
  const [rowError, setRowError] = useState<{ id: string; message: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [onConflict, setOnConflict] = useState<ImportConflict>('copy');
  const [imported, setImported] = useState<ImportOutcome | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const conflictId = useId();
  const { t } = useTranslation('wall');

  const selected = profiles.find((p) => p.selected);
  const profileName = (id: string) => {
    const profile = profiles.find((p) => p.id === id);
    return profile && wordedProfileName(profile);
  };
  const toursOf = (id: string) =>
    tours
      .filter((tour) => (tour.kind === 'views' ? tour.views.includes(id) : tour.view === id))
      .map((tour) => tour.name);

  const run = async (key: string, action: () => Promise<void>) => {
    setBusy(key);
    setRowError(null);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  const saveName = (e?: FormEvent) => {
    e?.preventDefault();
    if (!editing) return;
    const { id, name } = editing;
    const problem = nameProblem(name, id, layouts);
    if (problem) {
      setEditing({ ...editing, error: problem });
      return;
    }
    if (layouts.find((l) => l.id === id)?.name === name.trim()) {
      setEditing(null);
      return;
    }
    void run(`rename:${id}`, async () => {
      const result = await api.layouts.rename({ id, name: name.trim() });
      if (!result.ok) {
        setEditing({ id, name, error: result.error.details?.[0]?.message ?? result.error.message });
        return;
      }
      setEditing(null);
      // The open wall has edits of its own: it keeps them, under the new name (a later Save must
      // not write the old name back). Without edits the wall follows layouts:changed by itself.
      const wall = useWallStore.getState();
      if (wall.changes !== 'none') wall.renamed(id, result.value.name);
    });
  };

  const duplicate = (layout: Layout) =>
    run(`duplicate:${layout.id}`, async () => {
      const result = await api.layouts.duplicate({ id: layout.id });
      if (!result.ok) setRowError({ id: layout.id, message: result.error.message });
    });

  const exportViews = (ids?: string[]) =>
    run(ids ? `export:${ids[0]}` : 'export-all', async () => {
      const result = await api.views.export(ids ? { views: ids } : undefined);
      if (!result.ok) {
        setRowError({ id: ids?.[0] ?? '', message: result.error.message });
        return;
      }
      downloadJsonText(result.value.fileName, result.value.text);
    });

  const remove = (layout: Layout) =>
    run(`remove:${layout.id}`, async () => {
      setRemoving(null);
      const result = await api.layouts.remove({ id: layout.id });
      if (!result.ok) setRowError({ id: layout.id, message: result.error.message });
    });

  const importFile = async (file: File) => {
    setImported(null);
    if (file.size > MAX_VIEWS_FILE_BYTES) {
      setImported({
        ok: false,
        fileName: file.name,
        error: { kind: 'invalid-input', message: t('views.tooLarge', { file: file.name }) },
      });
      return;
    }
    await run('import', async () => {
      const text = await file.text();
      const result = await api.views.import({ text, onConflict });
      setImported(
        result.ok
          ? { ok: true, fileName: file.name, summary: result.value }
          : { ok: false, fileName: file.name, error: result.error },
      );
    });
  };

  return (
    <Dialog
      title={t('views.title')}
      onClose={onClose}
      size="large"
      testId="views-dialog"
      footer={<Button onClick={onClose}>{t('views.close')}</Button>}
    >
      <p className="text-muted small views-intro">{t('views.intro')}</p>
      {layouts.length === 0 ? (
        <p className="views-empty" data-testid="views-empty">
          <Trans t={t} i18nKey="views.empty" components={{ strong: <strong /> }} />
        </p>
      ) : (
        <ul className="views-list" aria-label={t('views.listLabel')}>
          {layouts.map((layout) => {
            const inTours = toursOf(layout.id);
            const profile = profileName(layout.profileId);
            const isEditing = editing?.id === layout.id;
            return (
              <li key={layout.id} className="views-row" data-testid="views-row" data-view-id={layout.id}>
                <div className="views-row-main">
                  {isEditing ? (
                    <form className="views-rename" onSubmit={saveName} noValidate>
                      <input
                        className="input input-small"
                        aria-label={t('views.renameLabel', { name: layout.name })}
                        aria-invalid={editing.error ? true : undefined}
                        aria-describedby={editing.error ? `${layout.id}-rename-error` : undefined}
                        value={editing.name}
                        maxLength={120}
                        autoFocus
                        onChange={(e) =>
                          setEditing({
                            id: layout.id,
                            name: e.target.value,
                            error: editing.error && nameProblem(e.target.value, layout.id, layouts),
                          })
                        }
                        onKeyDown={(e) => {
                          if (e.key !== 'Escape') return;
                          // Only the rename ends, not the dialog around it.
                          e.preventDefault();
                          e.stopPropagation();
                          setEditing(null);
                        }}
                        data-testid="views-rename-input"
                      />
                      <Button
                        type="submit"
                        size="small"
                        variant="primary"
                        busy={busy === `rename:${layout.id}`}
                        data-testid="views-rename-save"
                      >
                        {t('views.save')}
                      </Button>
                      <Button size="small" variant="ghost" onClick={() => setEditing(null)}>
                        {t('views.cancel')}
                      </Button>
                      {editing.error && (
                        <p
                          className="field-error views-rename-error"
                          id={`${layout.id}-rename-error`}
                          role="alert"
                        >
                          {editing.error}
                        </p>
                      )}
                    </form>
                  ) : (
                    <p className="views-row-title">
                      <span className="views-row-name" data-testid="views-row-name">
                        {layout.name}
                      </span>
                      {layout.id === openId && (
                        <Badge tone="info" title={changes === 'none' ? undefined : t('views.editedTitle')}>
                          {changes === 'none' ? t('views.onWall') : t('views.onWallEdited')}
                        </Badge>
                      )}
                    </p>
                  )}
                  <p className="views-row-meta small text-muted">
                    <span>{shape(layout)}</span>
                    <span className={profile ? undefined : 'views-row-missing'}>
                      {profile
                        ? t('views.playsWith', { profile })
                        : t('views.profileMissing', { id: layout.profileId })}
                    </span>
                    {inTours.length > 0 && (
                      <span>
                        {t('views.inTours', {
                          count: inTours.length,
                          names: inTours
                            .map((name) => t('views.quoted', { name }))
                            .join(t('views.listSeparator')),
                        })}
                      </span>
                    )}
                  </p>
                  {rowError?.id === layout.id && (
                    <p className="views-row-error" role="alert" data-testid="views-row-error">
                      {rowError.message}
                    </p>
                  )}
                </div>
                {!isEditing && (
                  <div
                    className="views-row-actions"
                    role="group"
                    aria-label={t('views.actionsLabel', { name: layout.name })}
                  >
                    <Button
                      size="small"
                      variant="ghost"
                      onClick={() => {
                        setRowError(null);
                        setEditing({ id: layout.id, name: layout.name });
                      }}
                      data-testid="views-rename"
                    >
                      {t('views.rename')}
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      busy={busy === `duplicate:${layout.id}`}
                      onClick={() => void duplicate(layout)}
                      data-testid="views-duplicate"
                    >
                      {t('views.duplicate')}
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      busy={busy === `export:${layout.id}`}
                      onClick={() => void exportViews([layout.id])}
                      title={t('views.exportTitle')}
                      data-testid="views-export-one"
                    >
                      {t('views.export')}
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      className="views-delete"
                      busy={busy === `remove:${layout.id}`}
                      onClick={() => setRemoving(layout)}
                      data-testid="views-delete"
                    >
                      {t('views.delete')}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {rowError?.id === '' && (
        <p className="views-row-error" role="alert">
          {rowError.message}
        </p>
      )}

      <section className="views-transfer" aria-labelledby={`${conflictId}-title`}>
        <h3 className="views-transfer-title" id={`${conflictId}-title`}>
          {t('views.transferTitle')}
        </h3>
        <p className="text-muted small">{t('views.transferIntro')}</p>
        <div className="views-transfer-actions">
          <Button
            busy={busy === 'export-all'}
            disabled={layouts.length === 0}
            onClick={() => void exportViews()}
            data-testid="views-export-all"
          >
            {t('views.exportAll')}
          </Button>
          <Button
            busy={busy === 'import'}
            onClick={() => fileRef.current?.click()}
            data-testid="views-import"
          >
            {t('views.import')}
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept=".json,application/json"
            hidden
            data-testid="views-import-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
          <label className="views-conflict" htmlFor={conflictId}>
            <span className="small">{t('views.conflict')}</span>
            <select
              id={conflictId}
              className="input select input-small"
              value={onConflict}
              onChange={(e) => setOnConflict(e.target.value as ImportConflict)}
              data-testid="views-conflict"
            >
              <option value="copy">{t('views.conflictCopy')}</option>
              <option value="replace">{t('views.conflictReplace')}</option>
            </select>
          </label>
        </div>
        <p className="text-muted small">
          {selected
            ? t('views.identicalWithProfile', { profile: wordedProfileName(selected) })
            : t('views.identicalNoProfile')}
        </p>
        {imported && <ImportResult outcome={imported} />}
      </section>

      {removing && (
        <ConfirmDialog
          title={t('views.deleteTitle')}
          message={
            <>
              <p>{t('views.deleteMessage', { name: removing.name })}</p>
              {removing.id === openId && <p>{t('views.deleteOnWall')}</p>}
            </>
          }
          confirmLabel={t('views.deleteConfirm')}
          danger
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
        />
      )}
    </Dialog>
  );
}

function ImportResult({ outcome }: { outcome: ImportOutcome }) {
  const ref = useRef<HTMLDivElement>(null);
  const { t } = useTranslation('wall');
  // The result shows below the list: bring it into sight, or an operator sees nothing happen.
  useEffect(() => {
    // A block, not an expression: Chromium's scrollIntoView now returns a promise, which React
    // would take for the effect's clean-up and call.
    void ref.current?.scrollIntoView({ block: 'nearest' });
  }, [outcome]);
  if (!outcome.ok) {
    const problems = outcome.error.details ?? [];
    return (
      <div ref={ref} className="error-panel views-import-error" role="alert" data-testid="views-import-error">
        <p className="error-panel-title">{t('views.notImported', { file: outcome.fileName })}</p>
        {problems.length > 0 ? (
          <>
            <p className="error-panel-message">{t('views.fixProblems', { count: problems.length })}</p>
            <ul className="views-problems">
              {problems.map((p, i) => (
                <li key={`${p.path}-${i}`} data-testid="views-problem">
                  <code className="mono views-problem-path">{p.path}</code>
                  <span>{p.message}</span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="error-panel-message">
            {t('views.nothingChanged', { message: outcome.error.message })}
          </p>
        )}
      </div>
    );
  }
  const { views, tours } = outcome.summary;
  const written = [...views, ...tours].filter((v) => v.outcome !== 'unchanged').length;
  return (
    <div
      ref={ref}
      className="callout callout-info views-import-done"
      role="status"
      data-testid="views-import-done"
    >
      <p className="callout-title">
        {written === 0
          ? t('views.allHere', { file: outcome.fileName })
          : t('views.imported', { file: outcome.fileName })}
      </p>
      <ul className="views-imported">
        {views.map((v) => (
          <li key={`v-${v.from}`}>
            {v.reboundFrom
              ? t('views.importedViewRebound', {
                  name: v.name,
                  outcome: outcomeWords(v.outcome),
                  profile: v.reboundFrom,
                })
              : t('views.importedView', { name: v.name, outcome: outcomeWords(v.outcome) })}
          </li>
        ))}
        {tours.map((tour) => (
          <li key={`t-${tour.from}`}>
            {t('views.importedTour', { name: tour.name, outcome: outcomeWords(tour.outcome) })}
          </li>
        ))}
      </ul>
    </div>
  );
}
