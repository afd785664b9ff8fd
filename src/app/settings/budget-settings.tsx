import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../electron/shared/contract';
import type { Settings, SettingsPatch } from '../../../electron/shared/settings';
import { formatNumber } from '../../i18n/format';
import { SaveActions, useSectionDraft } from './save-status';

export interface BudgetSettingsProps {
  settings: Settings;
  save(patch: SettingsPatch): Promise<{ ok: true } | { ok: false; error: AppError }>;
  /** Changes are refused now (a locked kiosk). */
  locked: boolean;
}

interface Draft {
  budget: boolean;
  /** Millions of pixels per second, as typed; '' for the built-in estimate. */
  rate: string;
}

const MILLION = 1_000_000;
/** The schema's bound (settings.ts): 100 billion pixels per second. */
const MAX_MPX = 100_000;

const draftOf = (s: Settings): Draft => ({
  budget: s.decodeBudget,
  rate: s.sustainedPixelRate === null ? '' : String(Math.round((s.sustainedPixelRate / MILLION) * 10) / 10),
});

/** The typed figure in pixels per second; null for the estimate; undefined when it is not a number. */
function rateOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed.replace(',', '.'));
  if (!Number.isFinite(value) || value <= 0 || value > MAX_MPX) return undefined;
  return Math.round(value * MILLION);
}

/**
 * The automatic decode budget (issue #23): on, an overloaded computer shows its least important
 * tiles as overview pictures (keyframes only) and brings them back when it can; off, every tile plays
 * at full rate unless pinned to overview. Beside it, what this computer decodes (millions of pixels
 * a second), which the wall's status bar measures the wall against; blank uses the built-in
 * estimate. Saved with its own button, like the playback settings.
 */
export function BudgetSettings({ settings, save, locked }: BudgetSettingsProps) {
  const { t } = useTranslation('settings');
  const { draft, setDraft, state, run, revert } = useSectionDraft(settings, draftOf);

  const rate = rateOf(draft.rate);
  const rateError =
    rate === undefined
      ? t('budget.rateError', { max: formatNumber(MAX_MPX, { useGrouping: false }) })
      : undefined;
  const dirty =
    draft.budget !== settings.decodeBudget || (rate !== undefined && rate !== settings.sustainedPixelRate);

  const onSave = async () => {
    if (rate === undefined) return;
    await run(() => save({ decodeBudget: draft.budget, sustainedPixelRate: rate }));
  };

  return (
    <div className="settings-form" data-testid="budget-settings">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.budget}
          disabled={locked}
          data-testid="decode-budget"
          onChange={(e) => setDraft((d) => ({ ...d, budget: e.target.checked }))}
        />
        {t('budget.automatic')}
      </label>
      <p className="field-hint">{t('budget.automaticHint')}</p>

      <div className="settings-row">
        <label className="field-label" htmlFor="sustained-pixel-rate">
          {t('budget.rate')}
        </label>
        <span className="settings-inline">
          <input
            id="sustained-pixel-rate"
            className="input input-small settings-number"
            type="text"
            inputMode="decimal"
            placeholder={t('budget.ratePlaceholder')}
            value={draft.rate}
            disabled={locked}
            aria-invalid={rateError ? true : undefined}
            aria-describedby="sustained-pixel-rate-hint"
            data-testid="sustained-pixel-rate"
            onChange={(e) => setDraft((d) => ({ ...d, rate: e.target.value }))}
          />{' '}
          {t('budget.rateUnit')}
        </span>
        <p className="field-hint" id="sustained-pixel-rate-hint">
          {t('budget.rateHint')}
        </p>
        {rateError && <p className="field-error">{rateError}</p>}
      </div>

      <SaveActions
        label={t('budget.save')}
        name={t('budget.name')}
        state={state}
        dirty={dirty}
        canSave={!locked && dirty && !rateError}
        canRevert={dirty || !!rateError}
        onSave={() => void onSave()}
        onRevert={revert}
        testId="save-budget"
        statusTestId="budget-status"
      />
    </div>
  );
}
