import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useRoomMirror } from './room-mirror';
import { RoomPanel } from './room-panel';

/**
 * The top bar's way into the Room panel (the console). It shows how many screens are pending or
 * offline, and opens the panel over the right of the wall (rendered in the page's body, so it needs
 * no place in the shell's grid).
 */
export function RoomButton({ onOpenSettings }: { onOpenSettings?(): void }) {
  const { t } = useTranslation('room');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const attention = useRoomMirror(
    (s) => s.room?.screens.filter((x) => x.pending || x.presence?.state === 'offline').length ?? 0,
  );
  const away = useRoomMirror((s) => s.room?.connection.state === 'away');
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className={`btn btn-secondary${open ? ' is-on' : ''}`}
        title={away ? t('button.titleAway') : t('button.title')}
        data-testid="open-room"
      >
        {t('button.label')}
        {(attention > 0 || away) && (
          <span
            className="room-button-mark"
            aria-label={away ? t('button.markAway') : t('button.markAttention', { count: attention })}
          >
            {away ? '!' : attention}
          </span>
        )}
      </button>
      {open &&
        createPortal(
          <RoomPanel
            onClose={close}
            {...(onOpenSettings && {
              onOpenSettings: () => {
                setOpen(false);
                onOpenSettings();
              },
            })}
          />,
          document.body,
        )}
    </>
  );
}
