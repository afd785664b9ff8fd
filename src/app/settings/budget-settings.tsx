import type { AppError } from '../../../electron/shared/contract';
import type { Settings, SettingsPatch } from '../../../electron/shared/settings';
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
  const { draft, setDraft, state, run, revert } = useSectionDraft(settings, draftOf);

  const rate = rateOf(draft.rate);
  const rateError =
    rate === undefined
      ? `A number of millions of pixels per second above 0 (at most ${MAX_MPX}), or blank.`
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
        Automatic decode budget
      </label>
      <p className="field-hint">
        When this computer cannot decode every tile, the least important ones (small, not selected, not just
        assigned) show overview pictures, one per keyframe, and come back to full rate when it can. The
        selected and the maximised tile always play at full rate. Off: every tile plays at full rate unless
        pinned to overview from its menu.
      </p>

      <div className="settings-row">
        <label className="field-label" htmlFor="sustained-pixel-rate">
          What this computer decodes
        </label>
        <span className="settings-inline">
          <input
            id="sustained-pixel-rate"
            className="input input-small settings-number"
            type="text"
            inputMode="decimal"
            placeholder="estimate"
            value={draft.rate}
            disabled={locked}
            aria-invalid={rateError ? true : undefined}
            aria-describedby="sustained-pixel-rate-hint"
            data-testid="sustained-pixel-rate"
            onChange={(e) => setDraft((d) => ({ ...d, rate: e.target.value }))}
          />{' '}
          million pixels per second
        </span>
        <p className="field-hint" id="sustained-pixel-rate-hint">
          The wall’s status bar compares what its tiles decode with this, and warns from 85 %. Your installer
          measures it once on this computer with the wall benchmark (the pixels per second a wall held at full
          rate: for example 36 tiles of 640 × 360 at 25 fps is 207). Blank: an estimate from this computer’s
          cores.
        </p>
        {rateError && <p className="field-error">{rateError}</p>}
      </div>

      <SaveActions
        label="Save decode settings"
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
