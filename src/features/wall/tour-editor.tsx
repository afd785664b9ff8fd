import { useId, useMemo, useState } from 'react';
import { placeTiles, type Layout, type LayoutTile } from '../../../electron/shared/layout';
import {
  MIN_DWELL_SECONDS,
  TourDraftSchema,
  tourReferenceProblems,
  type Tour,
  type TourDevice,
  type TourDraft,
} from '../../../electron/shared/tour';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/text-field';
import { elideMiddle, splitForElision } from '../../lib/elide-middle';
import { streamKey } from './operator-log-events';
import { tileName } from './tile-name';
import { useTourStore } from './tour-store';
import { useWallStore } from './wall-store';

/** The form's state: both kinds' fields kept, so switching the kind back loses nothing. */
interface Form {
  id: string | null;
  name: string;
  kind: 'views' | 'tile';
  dwell: string;
  views: string[];
  view: string;
  cell: string; // "column,row"
  devices: TourDevice[];
}

const blank = (layouts: readonly Layout[]): Form => ({
  id: null,
  name: '',
  kind: 'views',
  dwell: '10',
  views: [],
  view: layouts[0]?.id ?? '',
  cell: '1,1',
  devices: [],
});

const formOf = (tour: Tour, layouts: readonly Layout[]): Form =>
  tour.kind === 'views'
    ? {
        ...blank(layouts),
        id: tour.id,
        name: tour.name,
        dwell: String(tour.dwellSeconds),
        views: [...tour.views],
      }
    : {
        ...blank(layouts),
        id: tour.id,
        name: tour.name,
        kind: 'tile',
        dwell: String(tour.dwellSeconds),
        view: tour.view,
        cell: `${tour.column},${tour.row}`,
        devices: [...tour.devices],
      };

function draftOf(form: Form): TourDraft {
  const base = {
    ...(form.id ? { id: form.id } : {}),
    name: form.name,
    dwellSeconds: form.dwell.trim() === '' ? Number.NaN : Number(form.dwell),
  };
  if (form.kind === 'views') return { ...base, kind: 'views', views: form.views };
  const [column, row] = form.cell.split(',').map(Number);
  return { ...base, kind: 'tile', view: form.view, column, row, devices: form.devices };
}

/** Problems with the draft, by field: the schema's and what the tour points at. */
function problemsOf(form: Form, layouts: readonly Layout[]): Record<string, string> {
  const draft = draftOf(form);
  const problems: Record<string, string> = {};
  const parsed = TourDraftSchema.safeParse(draft);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'form');
      problems[key] ??=
        key === 'dwellSeconds' && Number.isNaN(draft.dwellSeconds) ? 'a number of seconds' : issue.message;
    }
  const refs = new Map(layouts.map((l) => [l.id, { id: l.id, name: l.name, grid: l.grid }]));
  const ref =
    draft.kind === 'views'
      ? { kind: 'views' as const, views: draft.views }
      : { kind: 'tile' as const, view: draft.view, column: draft.column, row: draft.row };
  for (const p of tourReferenceProblems(ref, refs)) problems[p.path.replace(/\[.*$/, '')] ??= p.message;
  return problems;
}

/** A tile's camera as a cycling tile shows it: the device and its channel, named as the tile names it. */
const tourDevice = (t: LayoutTile): TourDevice => ({
  deviceKey: t.deviceKey,
  ...(t.sipId ? { sipId: t.sipId } : {}),
  ...(t.channelId ? { channelId: t.channelId } : {}),
  deviceName: tileName(t),
});

/** A camera as the editor lists it: its name, and its channel when it has one (an NVR's cameras share a name). */
const cameraLabel = (d: TourDevice): string =>
  `${d.deviceName || d.deviceKey}${d.channelId ? ` · ch ${d.channelId}` : ''}`;

/** A name shortened in the middle, so the part that tells cameras apart ("NVR 12") stays. */
function ElidedName({ name }: { name: string }) {
  const { head, tail } = splitForElision(name);
  return (
    <span className="tour-editor-order-name" title={name}>
      <span className="tour-elide-head">{head}</span>
      {tail && <span className="tour-elide-tail">{tail}</span>}
    </span>
  );
}

/** Move item `i` of a list by `by` places. */
function moved<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return [...list];
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** An ordered list with ↑ ↓ ✕ per row. */
function OrderedList<T>({
  items,
  label,
  empty,
  onChange,
  testId,
}: {
  items: readonly T[];
  label(item: T): string;
  empty: string;
  onChange(items: T[]): void;
  testId: string;
}) {
  if (items.length === 0) return <p className="tour-editor-empty small">{empty}</p>;
  return (
    <ol className="tour-editor-order" data-testid={testId}>
      {items.map((item, i) => (
        <li key={i}>
          <span className="tour-editor-order-n">{i + 1}</span>
          <ElidedName name={label(item)} />
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={`Move ${label(item)} up`}
            disabled={i === 0}
            onClick={() => onChange(moved(items, i, -1))}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={`Move ${label(item)} down`}
            disabled={i === items.length - 1}
            onClick={() => onChange(moved(items, i, 1))}
          >
            ↓
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-label={`Take ${label(item)} out`}
            onClick={() => onChange(items.filter((_, k) => k !== i))}
          >
            ✕
          </button>
        </li>
      ))}
    </ol>
  );
}

/**
 * The tour editor: the saved tours on the left; on the right one tour's name, dwell (at least 5 s)
 * and either its views in order, or the view, the cell that cycles and its cameras in order. Save,
 * Save and start, Remove. Problems are named by field before anything is sent; the core checks again.
 */
export function TourEditor({ initialId, onClose }: { initialId: string | null; onClose(): void }) {
  const tours = useTourStore((s) => s.tours);
  const layouts = useWallStore((s) => s.layouts);
  const [form, setForm] = useState<Form>(() => {
    const tour = initialId ? tours.find((t) => t.id === initialId) : undefined;
    return tour ? formOf(tour, layouts) : blank(layouts);
  });
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [deviceKey, setDeviceKey] = useState('');
  const ids = useId();

  const problems = useMemo(() => problemsOf(form, layouts), [form, layouts]);
  const valid = Object.keys(problems).length === 0;
  const shownProblem = (key: string) => (shown ? problems[key] : undefined);
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
  };
  const layoutName = (id: string) => layouts.find((l) => l.id === id)?.name ?? `${id} (removed)`;

  const view = layouts.find((l) => l.id === form.view);
  const cells = useMemo(() => {
    if (!view) return [];
    const placed = placeTiles(view).placed;
    const out: { value: string; label: string; tile?: (typeof placed)[number] }[] = [];
    for (let row = 1; row <= view.grid.rows; row++)
      for (let column = 1; column <= view.grid.columns; column++) {
        const tile = placed.find((t) => t.column === column && t.row === row);
        const covered = placed.some(
          (t) =>
            t !== tile &&
            column >= t.column &&
            column < t.column + t.columnSpan &&
            row >= t.row &&
            row < t.row + t.rowSpan,
        );
        if (covered) continue;
        out.push({
          value: `${column},${row}`,
          label: `Column ${column}, row ${row} · ${tile ? elideMiddle(tileName(tile), 16) : 'empty'}`,
          tile,
        });
      }
    return out;
  }, [view]);
  /** Every camera (each channel of a device) on a saved view, once: what a cycling tile can pick from. */
  const known = useMemo(() => {
    const seen = new Map<string, TourDevice & { key: string }>();
    for (const l of layouts)
      for (const t of l.tiles) {
        const key = streamKey(t);
        if (!seen.has(key)) seen.set(key, { key, ...tourDevice(t) });
      }
    return [...seen.values()].sort((a, b) => (a.deviceName ?? '').localeCompare(b.deviceName ?? ''));
  }, [layouts]);
  const addDevice = (d: TourDevice) => set({ devices: [...form.devices, d] });
  const pickCell = (value: string) => {
    const hit = cells.find((c) => c.value === value)?.tile;
    // The camera the view has there is the natural first of the cycle.
    const first: TourDevice[] = hit && form.devices.length === 0 ? [tourDevice(hit)] : [];
    set({ cell: value, devices: [...first, ...form.devices] });
  };

  const edit = (tour: Tour | null) => {
    setForm(tour ? formOf(tour, layouts) : blank(layouts));
    setShown(false);
    setError(null);
  };

  const submit = async (andStart: boolean) => {
    setShown(true);
    if (!valid) return;
    setBusy(true);
    const result = await useTourStore.getState().save(draftOf(form));
    setBusy(false);
    if (!result.ok) return setError(result.message);
    if (andStart) {
      onClose();
      useTourStore.getState().start(result.tour.id);
    } else setForm(formOf(result.tour, layouts));
  };

  return (
    <Dialog
      title="Tours"
      onClose={onClose}
      size="large"
      testId="tour-editor"
      footer={
        <>
          {form.id && (
            <Button variant="danger" onClick={() => setRemoving(true)} data-testid="tour-editor-remove">
              Remove…
            </Button>
          )}
          <span className="spacer" />
          <Button onClick={onClose}>Close</Button>
          <Button busy={busy} onClick={() => void submit(false)} data-testid="tour-editor-save">
            Save
          </Button>
          <Button
            variant="primary"
            busy={busy}
            onClick={() => void submit(true)}
            data-testid="tour-editor-start"
          >
            Save and start
          </Button>
        </>
      }
    >
      <div className="tour-editor">
        <nav className="tour-editor-list" aria-label="Saved tours">
          {tours.map((t) => (
            <button
              key={t.id}
              type="button"
              className="tour-editor-list-item"
              aria-current={form.id === t.id || undefined}
              onClick={() => edit(t)}
            >
              <span className="tour-editor-list-name">{t.name}</span>
              <span className="small">
                {t.kind === 'views' ? `${t.views.length} views` : `${t.devices.length} cameras`} ·{' '}
                {t.dwellSeconds} s
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
            + New tour
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
              label="Name"
              value={form.name}
              onChange={(name) => set({ name })}
              error={shownProblem('name')}
              maxLength={100}
              data-testid="tour-editor-name"
              autoFocus
            />
            <TextField
              label="Seconds per page"
              className="tour-editor-dwell"
              value={form.dwell}
              inputMode="numeric"
              onChange={(dwell) => set({ dwell })}
              error={shownProblem('dwellSeconds')}
              hint={`At least ${MIN_DWELL_SECONDS} s. The next page starts 2 s ahead, hidden.`}
              data-testid="tour-editor-dwell"
            />
          </div>
          <fieldset className="choice-group">
            <legend className="field-label">What the tour shows</legend>
            <div className="segmented">
              {(
                [
                  ['views', 'Saved views in turn'],
                  ['tile', 'One tile cycles cameras'],
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
                  Saved views
                </h3>
                {layouts.length === 0 && <p className="tour-editor-empty small">Save a layout first.</p>}
                <ul className="tour-editor-views">
                  {layouts.map((l) => (
                    <li key={l.id}>
                      <ElidedName name={l.name} />
                      <span className="small">
                        {l.grid.columns} × {l.grid.rows} · {l.tiles.length} tiles
                      </span>
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => set({ views: [...form.views, l.id] })}
                        aria-label={`Add ${l.name} to the tour`}
                        data-testid="tour-editor-add-view"
                        data-view-id={l.id}
                      >
                        Add
                      </button>
                    </li>
                  ))}
                </ul>
              </section>
              <section aria-labelledby={`${ids}-order`}>
                <h3 className="field-label" id={`${ids}-order`}>
                  In the tour, in order
                </h3>
                <OrderedList
                  items={form.views}
                  label={layoutName}
                  empty="Add at least two views (a view may come more than once)."
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
                  <span className="field-label">View</span>
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
                  <span className="field-label">The tile that cycles</span>
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
                  <span className="field-label">Add a camera from your views</span>
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
                    <option value="">Choose a camera…</option>
                    {known.map((d) => (
                      <option key={d.key} value={d.key}>
                        {elideMiddle(cameraLabel(d), 40)}
                      </option>
                    ))}
                  </select>
                </label>
                <div className="tour-editor-key">
                  <TextField
                    label="…or by device key"
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
                    Add
                  </Button>
                </div>
              </section>
              <section>
                <h3 className="field-label">Cameras, in order</h3>
                <OrderedList
                  items={form.devices}
                  label={cameraLabel}
                  empty="Add at least two cameras."
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
          title="Remove tour"
          message={`Remove the tour “${form.name}”? Its views stay as they are.`}
          confirmLabel="Remove"
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
