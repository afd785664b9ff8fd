import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../electron/shared/contract';
import {
  DEFAULT_TRANSPORT_ORDER,
  lowestLatencyOrder,
  type Settings,
  type SettingsPatch,
} from '../../../electron/shared/settings';
import { Button } from '../../components/button';
import { formatNumber } from '../../i18n/format';
import { SaveActions, useSectionDraft } from './save-status';
import { TransportOrderList, transportRows, type TransportRow } from './transport-order-list';

export interface PlaybackSettingsProps {
  settings: Settings;
  save(patch: SettingsPatch): Promise<{ ok: true } | { ok: false; error: AppError }>;
  /** Changes are refused now (a locked kiosk). */
  locked: boolean;
}

interface Draft {
  rows: TransportRow[];
  grace: string;
  stats: boolean;
}

const draftOf = (s: Settings): Draft => ({
  rows: transportRows(s.transportOrder),
  grace: String(s.hiddenTileGraceSeconds),
  stats: s.statsOverlay,
});

/** The schema's bound on the hidden-tile grace (settings.ts): an hour. */
const MAX_GRACE = 3600;

const orderOf = (rows: TransportRow[]) => rows.filter((r) => r.on).map((r) => r.transport);

/**
 * How tiles play: the transport order, how long a hidden tile keeps playing, and whether every tile
 * shows its playback statistics. Changed here, saved with one button (or reverted); "Saved" is said
 * only after the core kept it.
 */
export function PlaybackSettings({ settings, save, locked }: PlaybackSettingsProps) {
  const { t } = useTranslation('settings');
  const { draft, setDraft, state, run, revert } = useSectionDraft(settings, draftOf);

  const grace = Number(draft.grace);
  const graceError =
    draft.grace.trim() === '' || !Number.isInteger(grace) || grace < 0 || grace > MAX_GRACE
      ? t('playback.graceError', {
          min: formatNumber(0),
          max: formatNumber(MAX_GRACE, { useGrouping: false }),
        })
      : undefined;
  const order = orderOf(draft.rows);
  const dirty =
    JSON.stringify(order) !== JSON.stringify(settings.transportOrder) ||
    grace !== settings.hiddenTileGraceSeconds ||
    draft.stats !== settings.statsOverlay;

  const onSave = async () => {
    if (graceError) return;
    await run(() =>
      save({
        transportOrder: order,
        hiddenTileGraceSeconds: grace,
        statsOverlay: draft.stats,
      }),
    );
  };

  return (
    <div className="settings-form" data-testid="playback-settings">
      <h4 className="settings-label">{t('playback.transportOrder')}</h4>
      <p className="field-hint">{t('playback.transportHint')}</p>
      <TransportOrderList
        rows={draft.rows}
        disabled={locked}
        onChange={(rows) => setDraft((d) => ({ ...d, rows }))}
      />
      <div className="settings-inline transport-presets">
        <Button
          size="small"
          variant="ghost"
          disabled={locked}
          onClick={() => setDraft((d) => ({ ...d, rows: transportRows(DEFAULT_TRANSPORT_ORDER) }))}
          data-testid="transport-default"
        >
          {t('playback.defaultOrder')}
        </Button>
        <Button
          size="small"
          variant="ghost"
          disabled={locked}
          title={t('playback.lowestLatencyTitle')}
          onClick={() =>
            setDraft((d) => {
              // WebRTC first; the rest keep their order, and the ones switched off stay off.
              const on = lowestLatencyOrder(orderOf(d.rows));
              return { ...d, rows: transportRows(on) };
            })
          }
          data-testid="transport-lowest-latency"
        >
          {t('playback.lowestLatency')}
        </Button>
      </div>

      <div className="settings-row">
        <label className="field-label" htmlFor="hidden-grace">
          {t('playback.grace')}
        </label>
        <span className="settings-inline">
          <input
            id="hidden-grace"
            className="input input-small settings-number"
            type="number"
            min={0}
            max={MAX_GRACE}
            step={1}
            inputMode="numeric"
            value={draft.grace}
            disabled={locked}
            aria-invalid={graceError ? true : undefined}
            aria-describedby="hidden-grace-hint"
            onChange={(e) => setDraft((d) => ({ ...d, grace: e.target.value }))}
          />{' '}
          {t('playback.seconds')}
        </span>
        <p className="field-hint" id="hidden-grace-hint">
          {t('playback.graceHint')}
        </p>
        {graceError && <p className="field-error">{graceError}</p>}
      </div>

      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.stats}
          disabled={locked}
          onChange={(e) => setDraft((d) => ({ ...d, stats: e.target.checked }))}
        />
        {t('playback.stats')}
      </label>

      <SaveActions
        label={t('playback.save')}
        name={t('playback.name')}
        state={state}
        dirty={dirty}
        canSave={!locked && dirty && !graceError}
        onSave={() => void onSave()}
        onRevert={revert}
        testId="save-playback"
        statusTestId="playback-status"
      />
    </div>
  );
}
