import { useState } from 'react';
import type { LayoutTile } from '../../../electron/shared/layout';
import { TransportSchema, type Transport } from '../../../electron/shared/settings';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { tileName } from './tile-name';
import type { TilePatch } from './wall-store';
import './wall-layouts.css';

/** What each transport is, in an operator's words (the settings screen says the same). */
const TRANSPORT_NAMES: Record<Transport, string> = {
  'ws-flv': 'WS-FLV (FLV over a WebSocket)',
  flv: 'HTTP-FLV',
  hls: 'HLS',
  'ws-ts': 'WS-TS (MPEG-TS over a WebSocket)',
  ts: 'HTTP-TS',
  fmp4: 'HTTP-fMP4',
  'ws-fmp4': 'WS-fMP4',
  webrtc: 'WebRTC',
};

type TransportChoice = Transport | 'auto';

const TRANSPORT_OPTIONS: readonly { value: TransportChoice; label: string }[] = [
  { value: 'auto', label: 'Automatic (the order in Settings)' },
  ...TransportSchema.options.map((t) => ({ value: t, label: TRANSPORT_NAMES[t] })),
];

/** The platform's channel fields: optional, short and without spaces at either end. */
const channelProblem = (value: string) => (value.length > 100 ? 'at most 100 characters' : undefined);

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
  const [label, setLabel] = useState(tile.label ?? '');
  const [sipId, setSipId] = useState(tile.sipId ?? '');
  const [channelId, setChannelId] = useState(tile.channelId ?? '');
  const [transport, setTransport] = useState<TransportChoice>(tile.transport ?? 'auto');
  const problems = {
    label: label.length > 100 ? 'at most 100 characters' : undefined,
    sipId: channelProblem(sipId),
    channelId: channelProblem(channelId),
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
      title={`Tile settings: ${tileName(tile)}`}
      onClose={onClose}
      size="small"
      testId="wall-tile-settings-dialog"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={!ok} onClick={apply} data-testid="wall-tile-settings-apply">
            Apply
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
          Device <code>{tile.deviceKey}</code>
          {tile.deviceName ? ` · ${tile.deviceName}` : ''}
        </p>
        <TextField
          label="Caption"
          value={label}
          onChange={setLabel}
          placeholder={tile.deviceName ?? tile.deviceKey}
          hint="Shown instead of the device’s name; empty: the name."
          error={problems.label}
        />
        <div className="wall-tile-settings-pair">
          <TextField
            label="SIP ID"
            value={sipId}
            onChange={setSipId}
            placeholder="optional"
            error={problems.sipId}
            spellCheck={false}
          />
          <TextField
            label="Channel ID"
            value={channelId}
            onChange={setChannelId}
            placeholder="optional"
            error={problems.channelId}
            spellCheck={false}
          />
        </div>
        <p className="text-muted small wall-tile-settings-hint">
          Which of the device’s channels this tile plays. Empty: the platform’s default channel.
        </p>
        <SelectField<TransportChoice>
          label="Transport"
          value={transport}
          options={TRANSPORT_OPTIONS}
          onChange={setTransport}
          hint="Tried first for this tile; where the platform offers no such stream, the order in Settings decides."
        />
        {/* Enter in a field applies. */}
        <button type="submit" hidden tabIndex={-1} />
      </form>
    </Dialog>
  );
}
