import { useState } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog';
import { useNoticesStore } from '../../session/notices-store';
import type { TileDevice } from './wall-door';
import { sendDeviceToCell } from './room-commands';
import { useRoomMirror } from './room-mirror';
import { shownText } from './screen-card';
import { ScreenMiniGrid } from './screen-mini-grid';
import './room.css';

export interface SendToScreenDialogProps {
  device: TileDevice;
  onClose(): void;
}

/**
 * A tile menu's "Send to screen…": choose a screen of the room, then the cell of its grid the
 * device goes to (a tile there shows it instead). Keyboard: the screens are a list of radio
 * buttons, the cells buttons; Escape closes.
 */
export function SendToScreenDialog({ device, onClose }: SendToScreenDialogProps) {
  const { t } = useTranslation('room');
  const screens = useRoomMirror((s) => s.room?.screens ?? []);
  const off = useRoomMirror((s) => !s.room || s.room.connection.state === 'off');
  const [chosen, setChosen] = useState<string | null>(screens[0]?.name ?? null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const screen = screens.find((s) => s.name === chosen) ?? null;

  return (
    <Dialog
      title={t('sendDialog.title', { device: device.deviceName })}
      onClose={onClose}
      testId="send-to-screen"
    >
      {off && <p className="text-muted">{t('sendDialog.off')}</p>}
      {!off && screens.length === 0 && <p className="text-muted">{t('noScreens')}</p>}
      {screens.length > 0 && (
        <fieldset className="room-screen-choice">
          <legend>{t('sendDialog.screen')}</legend>
          {screens.map((s) => (
            <label key={s.name} className="checkbox">
              <input
                type="radio"
                name="room-screen"
                value={s.name}
                checked={chosen === s.name}
                onChange={() => setChosen(s.name)}
                data-testid="send-to-screen-choice"
              />
              {s.name} <span className="text-muted small">{shownText(s)}</span>
            </label>
          ))}
        </fieldset>
      )}
      {screen && (
        <>
          <p className="small text-muted">{t('sendDialog.chooseCell')}</p>
          <ScreenMiniGrid
            screen={screen}
            onPickCell={(cell) => {
              if (sending) return;
              setSending(true);
              void sendDeviceToCell(screen, device, cell).then((o) => {
                setSending(false);
                if (!o.ok) return setError(o.message);
                useNoticesStore.getState().notify({
                  level: 'info',
                  // A notice is worded when it is raised.
                  message: i18next.t('room:sendDialog.sent', {
                    device: device.deviceName,
                    screen: screen.name,
                    rev: o.rev,
                  }),
                });
                onClose();
              });
            }}
          />
        </>
      )}
      {error && (
        <p className="text-danger" role="alert">
          {t('notSent', { message: error })}
        </p>
      )}
    </Dialog>
  );
}
