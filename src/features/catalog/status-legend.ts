import i18next from 'i18next';
import type { StatusLegend } from '../../../electron/shared/settings';

export type LegendKind = keyof StatusLegend;

/** The label the operator gave a status code, if any. */
export function statusLabel(legend: Record<string, string>, code: number): string | undefined {
  const label = legend[String(code)]?.trim();
  return label ? label : undefined;
}

/**
 * A status as shown in a list: the code always (its meaning is not in the spec), and the operator's
 * label beside it when the legend has one: "1 · Online".
 */
export function statusText(legend: Record<string, string>, code: number): string {
  const label = statusLabel(legend, code);
  return label ? `${code} · ${label}` : String(code);
}

/** One editable row of the legend editor. */
export interface LegendRow {
  code: string;
  label: string;
}

/** The legend as rows, sorted by code, for the editor. */
export function legendRows(legend: Record<string, string>): LegendRow[] {
  return Object.entries(legend)
    .map(([code, label]) => ({ code, label }))
    .sort((a, b) => Number(a.code) - Number(b.code));
}

export type LegendParse =
  | { ok: true; legend: Record<string, string> }
  | { ok: false; problems: { row: number; field: 'code' | 'label'; message: string }[] };

/**
 * Rows back to a legend, checked the way settings:set will check it.
 *
 * Rows left entirely blank are dropped; a code must be a whole number and appear once; a label is
 * required and at most 60 characters.
 */
export function legendFromRows(rows: readonly LegendRow[]): LegendParse {
  const problems: { row: number; field: 'code' | 'label'; message: string }[] = [];
  const legend: Record<string, string> = {};
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const code = row.code.trim();
    const label = row.label.trim();
    if (code === '' && label === '') return;
    if (!/^-?\d+$/.test(code)) {
      problems.push({ row: index, field: 'code', message: i18next.t('catalog:legend.problem.notNumber') });
    } else {
      const normal = String(Number(code));
      const first = seen.get(normal);
      if (first !== undefined)
        problems.push({
          row: index,
          field: 'code',
          message: i18next.t('catalog:legend.problem.duplicate', { code: normal, row: first + 1 }),
        });
      else seen.set(normal, index);
      if (label !== '' && label.length <= 60) legend[normal] = label;
    }
    if (label === '')
      problems.push({ row: index, field: 'label', message: i18next.t('catalog:legend.problem.noLabel') });
    else if (label.length > 60)
      problems.push({
        row: index,
        field: 'label',
        message: i18next.t('catalog:legend.problem.tooLong', { max: 60 }),
      });
  });
  return problems.length ? { ok: false, problems } : { ok: true, legend };
}

/** The profile the demo platform's one-click start creates (DEMO_PROFILE_ID in the core). */
export const DEMO_PROFILE_ID = 'demo-platform';

/**
 * What the built-in demo platform's codes mean. Its data is ours, so its legend ships with the app:
 * a new user sees "1 · Online", not a bare 1. (Devices: 1 online 70 %, 0 offline 18 %, 2 fault 8 %,
 * 3 disabled 4 %; products: 1 published, 0 in development, 2 retired.)
 */
export const DEMO_STATUS_LEGEND: StatusLegend = {
  deviceStatus: { '0': 'Offline', '1': 'Online', '2': 'Fault', '3': 'Disabled' },
  productStatus: { '0': 'In development', '1': 'Published', '2': 'Retired' },
};

/** The demo platform's meanings in the app's language (catalog:legend.demo), for the same codes. */
export function demoStatusLegend(language?: string): StatusLegend {
  const say = (kind: LegendKind) =>
    i18next.t(`catalog:legend.demo.${kind}`, { returnObjects: true, lng: language }) as Record<
      string,
      string
    >;
  return { deviceStatus: say('deviceStatus'), productStatus: say('productStatus') };
}

/** Where the labels of a legend came from: the operator's settings, the demo's defaults, or nowhere. */
export type LegendSource = 'settings' | 'demo' | 'none';

/**
 * The legend lists use: the operator's labels, over the demo platform's own for its profile (a code
 * the operator named keeps their label; the demo names the rest). Other platforms: only the
 * operator's, and 'none' when there are none, so the lists can invite one.
 */
export function effectiveLegend(
  saved: Record<string, string>,
  kind: LegendKind,
  profileId: string | undefined,
  language?: string,
): { legend: Record<string, string>; source: LegendSource } {
  const own = Object.keys(saved).length > 0;
  if (profileId === DEMO_PROFILE_ID)
    return { legend: { ...demoStatusLegend(language)[kind], ...saved }, source: own ? 'settings' : 'demo' };
  return { legend: saved, source: own ? 'settings' : 'none' };
}
