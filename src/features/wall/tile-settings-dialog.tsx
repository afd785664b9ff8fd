import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutTile } from '../../../electron/shared/layout';
import { TransportSchema, type Transport } from '../../../electron/shared/settings';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { tileName } from './tile-name';
import type { TilePatch } from './wall-store';
import './wall-layouts.css';

/** The transports a protocol's name says all of: the same in every language. */
const PLAIN_NAMES: Record<Exclude<Transport, Described>, string> = {
  flv: 'HTTP-FLV',
  hls: 'HLS',
  ts: 'HTTP-TS',
  fmp4: 'HTTP-fMP4',
  'ws-fmp4': 'WS-fMP4',
  webrtc: 'WebRTC',
};
/** Those whose name needs what it carries (the settings screen says the same): `settings.transportName`. */
type Described = 'ws-flv' | 'ws-ts';
const isDescribed = (t: Transport): t is Described => t === 'ws-flv' || t === 'ws-ts';

type TransportChoice = Transport | 'auto';

function transportOptions(t: TFunction<'tiles'>): { value: TransportChoice; label: string }[] {
  return [
    { value: 'auto', label: t('settings.transportAuto') },
    ...TransportSchema.options.map((value) => ({
      value,
      label: isDescribed(value) ? t(`settings.transportName.${value}`) : PLAIN_NAMES[value],
    })),
  ];
}

/** The platform's channel fields: optional, short and without spaces at either end. */
const tooLong = (value: string) => value.length > 100;

/**
 * One tile's own settings: its caption, the channel it plays (sipId and channelId, both optional as
 * the platform allows) and the transport it tries first. Saved as one edit of the layout (Undo takes
 * it back); a new channel or transport replaces the tile's player, a new caption does not.
 */
export function TileSettingsDialog({
  tile,
  onClose,
  onApply,
}: {
  tile: LayoutTile;
  onClose(): void;
  onApply(patch: TilePatch): void;
}) {
  const { t } = useTranslation('tiles');
  const [label, setLabel] = useState(tile.label ?? '');
  const [sipId, setSipId] = useState(tile.sipId ?? '');
  const [channelId, setChannelId] = useState(tile.channelId ?? '');
  const [transport, setTransport] = useState<TransportChoice>(tile.transport ?? 'auto');
  const problems = {
    label: tooLong(label) ? t('settings.tooLong') : undefined,
    sipId: tooLong(sipId) ? t('settings.tooLong') : undefined,
    channelId: tooLong(channelId) ? t('settings.tooLong') : undefined,
  };
  const ok = !problems.label && !problems.sipId && !problems.channelId;
  const apply = () => {
    if (!ok) return;
    onApply({
      label: label.trim() || undefined,
      sipId: sipId.trim() || undefined,
      channelId: channelId.trim() || undefined,
      transport: transport === 'auto' ? undefined : transport,
    });
  };
  return (
    <Dialog
      title={t('settings.title', { name: tileName(tile) })}
      onClose={onClose}
      size="small"
      testId="wall-tile-settings-dialog"
      footer={
        <>
          <Button onClick={onClose}>{t('settings.cancel')}</Button>
          <Button variant="primary" disabled={!ok} onClick={apply} data-testid="wall-tile-settings-apply">
            {t('settings.apply')}
          </Button>
        </>
      }
    >
      <form
        className="wall-tile-settings"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <p className="text-muted small wall-tile-settings-device">
          {t('settings.device')} <code>{tile.deviceKey}</code>
          {tile.deviceName ? ` · ${tile.deviceName}` : ''}
        </p>
        <TextField
          label={t('settings.caption')}
          value={label}
          onChange={setLabel}
          placeholder={tile.deviceName ?? tile.deviceKey}
          hint={t('settings.captionHint')}
          error={problems.label}
        />
        <div className="wall-tile-settings-pair">
          <TextField
            label={t('settings.sipId')}
            value={sipId}
            onChange={setSipId}
            placeholder={t('settings.optional')}
            error={problems.sipId}
            spellCheck={false}
          />
          <TextField
            label={t('settings.channelId')}
            value={channelId}
            onChange={setChannelId}
            placeholder={t('settings.optional')}
            error={problems.channelId}
            spellCheck={false}
          />
        </div>
        <p className="text-muted small wall-tile-settings-hint">{t('settings.channelHint')}</p>
        <SelectField<TransportChoice>
          label={t('settings.transport')}
          value={transport}
          options={transportOptions(t)}
          onChange={setTransport}
          hint={t('settings.transportHint')}
        />
        {/* Enter in a field applies. */}
        <button type="submit" hidden tabIndex={-1} />
      </form>
    </Dialog>
  );
}
