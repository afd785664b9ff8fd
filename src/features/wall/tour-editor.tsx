import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_DWELL_SECONDS, type Tour, type TourDevice } from '../../../electron/shared/tour';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { elideMiddle } from '../../lib/elide-middle';
// MiddleEllipsis is shared by two features and belongs in src/components; until it moves there (#30):
import { MiddleEllipsis } from '../../components/middle-ellipsis';
import { OrderedList } from './ordered-list';
import {
  blankTourForm,
  cameraLabel,
  knownCameras,
  tourCells,
  tourDraftOf,
  tourFormOf,
  tourFormProblems,
  withCell,
  type TourForm,
} from './tour-form';
import { useTourStore } from './tour-store';
import { selectLayouts, selectTours, useCoreMirror } from '../../session/core-mirror';

/**
 * The tour editor: the saved tours on the left; on the right one tour's name, dwell (at least 5 s)
 * and either its views in order, or the view, the cell that cycles and its cameras in order. Save,
 * Save and start, Remove. Problems are named by field before anything is sent; the core checks again.
 */
export function TourEditor({ initialId, onClose }: { initialId: string | null; onClose(): void }) {
  const tours = useCoreMirror(selectTours);
  const layouts = useCoreMirror(selectLayouts);
  const [form, setForm] = useState<TourForm>(() => {
    const tour = initialId ? tours.find((it) => it.id === initialId) : undefined;
    return tour ? tourFormOf(tour, layouts) : blankTourForm(layouts);
  });
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [deviceKey, setDeviceKey] = useState('');
  const ids = useId();
  const { t } = useTranslation('wall');

  const problems = useMemo(() => tourFormProblems(form, layouts), [form, layouts]);
  const valid = Object.keys(problems).length === 0;
  const shownProblem = (key: string) => (shown ? problems[key] : undefined);
  const set = (patch: Partial<TourForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
  };
  const layoutName = (id: string) =>
    layouts.find((l) => l.id === id)?.name ?? t('tourEditor.removedView', { id });

  const view = layouts.find((l) => l.id === form.view);
  const cells = useMemo(() => tourCells(view), [view]);
  const known = useMemo(() => knownCameras(layouts), [layouts]);
  const addDevice = (d: TourDevice) => set({ devices: [...form.devices, d] });
  const pickCell = (value: string) => set(withCell(form, value, cells));

  const edit = (tour: Tour | null) => {
    setForm(tour ? tourFormOf(tour, layouts) : blankTourForm(layouts));
    setShown(false);
    setError(null);
  };

  const submit = async (andStart: boolean) => {
    setShown(true);
    if (!valid) return;
    setBusy(true);
    const result = await useTourStore.getState().save(tourDraftOf(form));
    setBusy(false);
    if (!result.ok) return setError(result.message);
    if (andStart) {
      onClose();
      useTourStore.getState().start(result.tour.id);
    } else setForm(tourFormOf(result.tour, layouts));
  };

  return (
    <Dialog
      title={t('tourEditor.title')}
      onClose={onClose}
      size="large"
      testId="tour-editor"
      footer={
        <>
          {form.id && (
            <Button variant="danger" onClick={() => setRemoving(true)} data-testid="tour-editor-remove">
              {t('tourEditor.remove')}
            </Button>
          )}
          <span className="spacer" />
          <Button onClick={onClose}>{t('tourEditor.close')}</Button>
          <Button busy={busy} onClick={() => void submit(false)} data-testid="tour-editor-save">
            {t('tourEditor.save')}
          </Button>
          <Button
            variant="primary"
            busy={busy}
            onClick={() => void submit(true)}
            data-testid="tour-editor-start"
          >
            {t('tourEditor.saveAndStart')}
          </Button>
        </>
      }
    >
      <div className="tour-editor">
        <nav className="tour-editor-list" aria-label={t('tourEditor.savedTours')}>
          {tours.map((tour) => (
            <button
              key={tour.id}
              type="button"
              className="tour-editor-list-item"
              aria-current={form.id === tour.id || undefined}
              onClick={() => edit(tour)}
            >
              <span className="tour-editor-list-name">{tour.name}</span>
              <span className="small">
                {tour.kind === 'views'
                  ? t('tourEditor.metaViews', { count: tour.views.length, seconds: tour.dwellSeconds })
                  : t('tourEditor.metaCameras', { count: tour.devices.length, seconds: tour.dwellSeconds })}
              </span>
            </button>
          ))}
          <button
            type="button"
            className="tour-editor-list-item tour-editor-new"
            aria-current={form.id === null || undefined}
            onClick={() => edit(null)}
            data-testid="tour-editor-new"
          >
            {t('tourEditor.newTour')}
          </button>
        </nav>
        <form
          className="tour-editor-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit(false);
          }}
        >
          <div className="tour-editor-row">
            <TextField
              label={t('tourEditor.name')}
              value={form.name}
              onChange={(name) => set({ name })}
              error={shownProblem('name')}
              maxLength={100}
              data-testid="tour-editor-name"
              autoFocus
            />
            <TextField
              label={t('tourEditor.dwell')}
              className="tour-editor-dwell"
              value={form.dwell}
              inputMode="numeric"
              onChange={(dwell) => set({ dwell })}
              error={shownProblem('dwellSeconds')}
              hint={t('tourEditor.dwellHint', { min: MIN_DWELL_SECONDS })}
              data-testid="tour-editor-dwell"
            />
          </div>
          <fieldset className="choice-group">
            <legend className="field-label">{t('tourEditor.kindLegend')}</legend>
            <div className="segmented">
              {(
                [
                  ['views', t('tourEditor.kindViews')],
                  ['tile', t('tourEditor.kindTile')],
                ] as const
              ).map(([kind, text]) => (
                <label key={kind} className={`segment ${form.kind === kind ? 'segment-on' : ''}`}>
                  <input
                    type="radio"
                    name={`${ids}-kind`}
                    value={kind}
                    checked={form.kind === kind}
                    onChange={() => set({ kind })}
                    data-testid={`tour-editor-kind-${kind}`}
                  />
                  {text}
                </label>
              ))}
            </div>
          </fieldset>

          {form.kind === 'views' ? (
            <div className="tour-editor-pick">
              <section aria-labelledby={`${ids}-saved`}>
                <h3 className="field-label" id={`${ids}-saved`}>
                  {t('tourEditor.savedViews')}
                </h3>
                {layouts.length === 0 && (
                  <p className="tour-editor-empty small">{t('tourEditor.saveViewFirst')}</p>
                )}
                <ul className="tour-editor-views">
                  {layouts.map((l) => (
                    <li key={l.id}>
                      <MiddleEllipsis text={l.name} className="tour-editor-order-name" />
                      <span className="small">
                        {t('tourEditor.viewShape', {
                          columns: l.grid.columns,
                          rows: l.grid.rows,
                          count: l.tiles.length,
                        })}
                      </span>
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => set({ views: [...form.views, l.id] })}
                        aria-label={t('tourEditor.addViewLabel', { name: l.name })}
                        data-testid="tour-editor-add-view"
                        data-view-id={l.id}
                      >
                        {t('tourEditor.add')}
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby={`${ids}-order`}>
                <h3 className="field-label" id={`${ids}-order`}>
                  {t('tourEditor.inOrder')}
                </h3>
                <OrderedList
                  items={form.views}
                  label={layoutName}
                  empty={t('tourEditor.emptyViews')}
                  onChange={(views) => set({ views })}
                  testId="tour-editor-views"
                />
                {shownProblem('views') && <p className="field-error">{shownProblem('views')}</p>}
              </section>
            </div>
          ) : (
            <div className="tour-editor-pick">
              <section>
                <label className="field">
                  <span className="field-label">{t('tourEditor.view')}</span>
                  <select
                    className="input select"
                    value={form.view}
                    onChange={(e) => set({ view: e.target.value, cell: '1,1' })}
                    data-testid="tour-editor-view"
                  >
                    {layouts.map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.name}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="field">
                  <span className="field-label">{t('tourEditor.cell')}</span>
                  <select
                    className="input select"
                    value={form.cell}
                    onChange={(e) => pickCell(e.target.value)}
                    data-testid="tour-editor-cell"
                  >
                    {cells.map((c) => (
                      <option key={c.value} value={c.value}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </label>
                {(shownProblem('view') || shownProblem('column') || shownProblem('row')) && (
                  <p className="field-error">
                    {shownProblem('view') ?? shownProblem('column') ?? shownProblem('row')}
                  </p>
                )}
                <label className="field">
                  <span className="field-label">{t('tourEditor.addCamera')}</span>
                  <select
                    className="input select"
                    value=""
                    onChange={(e) => {
                      const found = known.find((k) => k.key === e.target.value);
                      if (!found) return;
                      const { key: _key, ...d } = found;
                      addDevice(d);
                    }}
                    data-testid="tour-editor-add-device"
                  >
                    <option value="">{t('tourEditor.chooseCamera')}</option>
                    {known.map((d) => (
                      <option key={d.key} value={d.key}>
                        {elideMiddle(cameraLabel(d), 40)}
                      </option>
                    ))}
                  </select>
                </label>
                <div className="tour-editor-key">
                  <TextField
                    label={t('tourEditor.byKey')}
                    value={deviceKey}
                    onChange={setDeviceKey}
                    data-testid="tour-editor-device-key"
                  />
                  <Button
                    size="small"
                    disabled={deviceKey.trim() === ''}
                    onClick={() => {
                      addDevice({ deviceKey: deviceKey.trim() });
                      setDeviceKey('');
                    }}
                  >
                    {t('tourEditor.add')}
                  </Button>
                </div>
              </section>
              <section>
                <h3 className="field-label">{t('tourEditor.camerasInOrder')}</h3>
                <OrderedList
                  items={form.devices}
                  label={cameraLabel}
                  empty={t('tourEditor.emptyCameras')}
                  onChange={(devices) => set({ devices })}
                  testId="tour-editor-devices"
                />
                {shownProblem('devices') && <p className="field-error">{shownProblem('devices')}</p>}
              </section>
            </div>
          )}
          {error && (
            <p className="field-error" role="alert" data-testid="tour-editor-error">
              {error}
            </p>
          )}
        </form>
      </div>
      {removing && form.id && (
        <ConfirmDialog
          title={t('tourEditor.removeTitle')}
          message={t('tourEditor.removeMessage', { name: form.name })}
          confirmLabel={t('tourEditor.removeConfirm')}
          danger
          onCancel={() => setRemoving(false)}
          onConfirm={() => {
            setRemoving(false);
            const id = form.id!;
            void useTourStore
              .getState()
              .remove(id)
              .then((r) => (r.ok ? edit(null) : setError(r.message)));
          }}
        />
      )}
    </Dialog>
  );
}
