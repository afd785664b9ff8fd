import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { AppError } from '../../../electron/shared/contract';
import type { StatusLegend } from '../../../electron/shared/settings';
import { Button } from '../../components/button';
import { ErrorPanel } from '../../components/error-panel';
import { useCoreMirror } from '../../session/core-mirror';
import { useCatalogStore } from './catalog-store';
import {
  DEMO_PROFILE_ID,
  DEMO_STATUS_LEGEND,
  demoStatusLegend,
  legendFromRows,
  legendRows,
  type LegendKind,
  type LegendRow,
} from './status-legend';

/** The kinds of status, in the editor's order; each titled by catalog:legend.<kind>. */
const KINDS: readonly LegendKind[] = ['deviceStatus', 'productStatus'];

const NO_LEGEND: StatusLegend = { deviceStatus: {}, productStatus: {} };

/**
 * Edit what the status codes mean. The spec gives only numbers, so the operator names them; lists
 * then show "1 · Online" instead of "1".
 */
export function StatusLegendEditor({ onDone }: { onDone(): void }) {
  const legend = useCoreMirror((s) => s.settings?.statusLegend ?? NO_LEGEND);
  const { t } = useTranslation('catalog');
  const demoLegend = demoStatusLegend();
  const { saveLegend, devices, products, demo } = useCatalogStore(
    useShallow((s) => ({
      demo: s.profile?.id === DEMO_PROFILE_ID,
      saveLegend: s.saveLegend,
      devices: s.devices.items,
      products: s.products.items,
    })),
  );
  const [rows, setRows] = useState<Record<LegendKind, LegendRow[]>>(() => ({
    deviceStatus: legendRows(legend.deviceStatus),
    productStatus: legendRows(legend.productStatus),
  }));
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  // Codes seen in the lists but not named yet: one click adds a row for each.
  const seen = useMemo(
    () => ({
      deviceStatus: [...new Set(devices.map((d) => String(d.deviceStatus)))],
      productStatus: [...new Set(products.map((p) => String(p.productStatus)))],
    }),
    [devices, products],
  );

  const parsed = {
    deviceStatus: legendFromRows(rows.deviceStatus),
    productStatus: legendFromRows(rows.productStatus),
  };

  const update = (kind: LegendKind, index: number, patch: Partial<LegendRow>) =>
    setRows((r) => ({ ...r, [kind]: r[kind].map((row, i) => (i === index ? { ...row, ...patch } : row)) }));
  // A new row takes the focus: its label when the code is known, else its code.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [rows]);
  const add = (kind: LegendKind, code = '') => {
    focusNext.current = `${kind}-${code ? 'label' : 'code'}-${rows[kind].length}`;
    setRows((r) => ({ ...r, [kind]: [...r[kind], { code, label: '' }] }));
  };
  const remove = (kind: LegendKind, index: number) =>
    setRows((r) => ({ ...r, [kind]: r[kind].filter((_, i) => i !== index) }));

  const save = async () => {
    setAttempted(true);
    if (!parsed.deviceStatus.ok || !parsed.productStatus.ok) return;
    setSaving(true);
    const result = await saveLegend({
      deviceStatus: parsed.deviceStatus.legend,
      productStatus: parsed.productStatus.legend,
    });
    setSaving(false);
    if (result.ok) onDone();
    else setError(result.error);
  };

  return (
    <div className="legend-editor" data-testid="legend-editor">
      <p className="text-muted">{t('legend.intro')}</p>
      {error && <ErrorPanel title={t('legend.saveError')} message={error.message} />}
      {KINDS.map((kind) => {
        const problems = attempted && !parsed[kind].ok ? parsed[kind].problems : [];
        const problemAt = (row: number, field: 'code' | 'label') =>
          problems.find((p) => p.row === row && p.field === field)?.message;
        const named = new Set(rows[kind].map((r) => String(Number(r.code.trim()))));
        // Codes the demo platform names already are not "unnamed" (its meanings apply; "Edit them").
        const unnamed = seen[kind]
          .filter((c) => !named.has(c) && !(demo && DEMO_STATUS_LEGEND[kind][c]))
          .sort((a, b) => Number(a) - Number(b));
        return (
          <fieldset key={kind} className="legend-kind" data-testid={`legend-${kind}`}>
            <legend className="field-label">{t(`legend.${kind}`)}</legend>
            {rows[kind].length === 0 && !demo && <p className="text-muted small">{t('legend.noneYet')}</p>}
            {demo && (
              <p className="text-muted small" data-testid={`demo-legend-${kind}`}>
                {t('legend.demoApplies', {
                  codes: legendRows(demoLegend[kind])
                    .map((r) => `${r.code} ${r.label}`)
                    .join(t('legend.listSeparator')),
                })}{' '}
                {rows[kind].length === 0 && (
                  <button
                    type="button"
                    className="link"
                    onClick={() => setRows((r) => ({ ...r, [kind]: legendRows(demoLegend[kind]) }))}
                  >
                    {t('legend.editDemo')}
                  </button>
                )}
              </p>
            )}
            {rows[kind].map((row, index) => (
              <div className="legend-row" key={index}>
                <div className="field">
                  <label className="visually-hidden" htmlFor={`${kind}-code-${index}`}>
                    {t('legend.codeLabel', { n: index + 1 })}
                  </label>
                  <input
                    id={`${kind}-code-${index}`}
                    className="input input-code"
                    inputMode="numeric"
                    placeholder={t('legend.codePlaceholder')}
                    value={row.code}
                    aria-invalid={problemAt(index, 'code') ? true : undefined}
                    aria-describedby={problemAt(index, 'code') ? `${kind}-code-${index}-error` : undefined}
                    onChange={(e) => update(kind, index, { code: e.target.value })}
                  />
                  {problemAt(index, 'code') && (
                    <div className="field-error" id={`${kind}-code-${index}-error`}>
                      {problemAt(index, 'code')}
                    </div>
                  )}
                </div>
                <div className="field legend-label">
                  <label className="visually-hidden" htmlFor={`${kind}-label-${index}`}>
                    {t('legend.labelLabel', { code: row.code || index + 1 })}
                  </label>
                  <input
                    id={`${kind}-label-${index}`}
                    className="input"
                    placeholder={t('legend.labelPlaceholder')}
                    maxLength={80}
                    value={row.label}
                    aria-invalid={problemAt(index, 'label') ? true : undefined}
                    aria-describedby={problemAt(index, 'label') ? `${kind}-label-${index}-error` : undefined}
                    onChange={(e) => update(kind, index, { label: e.target.value })}
                  />
                  {problemAt(index, 'label') && (
                    <div className="field-error" id={`${kind}-label-${index}-error`}>
                      {problemAt(index, 'label')}
                    </div>
                  )}
                </div>
                <Button
                  size="small"
                  variant="ghost"
                  onClick={() => remove(kind, index)}
                  aria-label={t('legend.removeLabel', { code: row.code || index + 1 })}
                >
                  {t('legend.remove')}
                </Button>
              </div>
            ))}
            <div className="legend-actions">
              <Button size="small" onClick={() => add(kind)}>
                {t('legend.add')}
              </Button>
              {unnamed.length > 0 && <span className="text-muted small">{t('legend.seen')}</span>}
              {unnamed.map((code) => (
                <Button
                  key={code}
                  size="small"
                  variant="ghost"
                  onClick={() => add(kind, code)}
                  title={t('legend.seenTitle', { code })}
                >
                  {t('legend.addSeen', { code })}
                </Button>
              ))}
            </div>
          </fieldset>
        );
      })}
      <div className="form-actions">
        <span className="spacer" />
        <Button variant="ghost" onClick={onDone}>
          {t('legend.cancel')}
        </Button>
        <Button variant="primary" busy={saving} onClick={() => void save()} data-testid="save-legend">
          {t('legend.save')}
        </Button>
      </div>
    </div>
  );
}
