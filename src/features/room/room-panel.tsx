import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { RoomStatus } from '../../../electron/shared/room';
import { Button } from '../../components/button';
import { plainError } from '../../lib/plain-error';
import { useRoomMirror } from './room-mirror';
import { roomTime } from './room-time';
import { roomReasonWords } from './room-words';
import { ScreenCard } from './screen-card';
import './room.css';

export interface RoomPanelProps {
  onClose(): void;
  /** Open Settings at its Room section (the room is off, or its broker refuses this PC). */
  onOpenSettings?(): void;
}

/**
 * The bus in one line: "Broker online", "Broker away since 10:42 (refused login)", "Room off". The
 * away reason is worded from the core's code; the core's words as they came when it has none known.
 */
function ConnectionText({ connection: c }: { connection: RoomStatus['connection'] }) {
  const { t } = useTranslation('room');
  if (c.state === 'online') return t('panel.online', { time: roomTime(c.since) });
  if (c.state === 'connecting') return t('panel.connecting');
  const reason = roomReasonWords(c);
  if (c.state === 'away')
    return reason ? (
      <Trans
        t={t}
        i18nKey="panel.awayReason"
        values={{ time: roomTime(c.since), reason: reason.text }}
        components={{ core: reason.coreWords ? <span data-core-words /> : <span /> }}
      />
    ) : (
      t('panel.away', { time: roomTime(c.since) })
    );
  return t('panel.off');
}

/**
 * The console: every screen of the room, each with what it shows and its commands. A panel over
 * the right of the wall, not a modal dialog, so devices can be dragged from the catalog onto a
 * screen's mini-grid. Escape closes it; the focus goes to its heading when it opens.
 */
export function RoomPanel({ onClose, onOpenSettings }: RoomPanelProps) {
  const { status, error, room } = useRoomMirror();
  const { t } = useTranslation('room');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    onClose();
  };
  const screens = room?.screens ?? [];
  const off = room?.connection.state === 'off';

  return (
    <aside
      className="room-panel"
      aria-label={t('panel.title')}
      data-testid="room-panel"
      data-state={status}
      data-connection={room?.connection.state}
      onKeyDown={onKeyDown}
    >
      <header className="room-panel-head">
        <h2 ref={heading} tabIndex={-1} className="room-panel-title">
          {t('panel.title')}
        </h2>
        {room && (
          <span className="room-panel-pc text-muted small">{t('panel.thisPc', { name: room.pcName })}</span>
        )}
        <Button
          size="small"
          variant="ghost"
          onClick={onClose}
          aria-label={t('panel.close')}
          data-testid="room-panel-close"
        >
          ✕
        </Button>
      </header>
      {room && (
        <p
          className={`room-connection small${room.connection.state === 'away' ? ' text-warn' : ' text-muted'}`}
          data-testid="room-connection"
          role="status"
        >
          <ConnectionText connection={room.connection} />
          {room.connection.hosting && (
            <>
              {' · '}
              {t('panel.hosting', room.connection.hosting)}
            </>
          )}
        </p>
      )}
      {status === 'loading' && <p className="text-muted small">{t('panel.loading')}</p>}
      {status === 'error' && error && (
        <p className="text-danger small">{t('panel.readError', { message: plainError(error).message })}</p>
      )}
      {(off || (room && (off || room.connection.state === 'away')) || status === 'error') &&
        onOpenSettings && (
          <p>
            <Button size="small" onClick={onOpenSettings} data-testid="room-open-settings">
              {t('panel.openSettings')}
            </Button>
          </p>
        )}
      {room && !off && screens.length === 0 && <p className="text-muted small">{t('noScreens')}</p>}
      <p className="room-hint text-muted small">{t('panel.hint')}</p>
      <div className="room-screens">
        {screens.map((s) => (
          <ScreenCard key={s.name} screen={s} />
        ))}
      </div>
    </aside>
  );
}
