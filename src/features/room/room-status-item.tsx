import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useTourStore, useWallStore } from './wall-door';
import { useRoomMirror } from './room-mirror';
import { isRoomLayout } from './room-view';
import { roomTime, roomTimeFull } from './room-time';
import { useScreenMode } from './screen-mode';
import { useScreenReport } from './use-screen-report';
import './room.css';

/**
 * The room's part of the wall's status bar: where the view on the wall came from ("From the room:
 * console-2, 10:42"), a command this screen refused and why, and the broker being away ("Room:
 * broker away since 10:42": the wall keeps playing what it shows). It also keeps this screen's
 * report to the room going while the wall is on show. Nothing while the room is off.
 */
export function RoomStatusItem() {
  useScreenReport();
  const { t } = useTranslation('room');
  const connection = useRoomMirror((s) => s.room?.connection ?? null);
  const mode = useScreenMode(
    useShallow((s) => ({ screen: s.screen, origin: s.origin, rejected: s.rejected })),
  );
  const fromRoom = useWallStore((s) => isRoomLayout(s.layout, mode.screen));
  const touring = useTourStore((s) => s.running?.tour.name ?? null);
  if (!connection || connection.state === 'off') return null;
  const origin = mode.origin;
  return (
    <>
      {connection.state === 'away' && (
        <span
          className="wall-status-item room-status-away"
          data-testid="room-status-away"
          role="status"
          title={
            connection.reason
              ? t('status.awayTitle', { reason: connection.reason })
              : t('status.awayTitleNoReason')
          }
          // The title holds the core's (the MQTT client's) reason as it came.
          data-core-words={connection.reason ? true : undefined}
        >
          {t('status.away', { time: roomTime(connection.since) })}
        </span>
      )}
      {connection.state === 'connecting' && (
        <span className="wall-status-item room-status-connecting" data-testid="room-status-connecting">
          {t('status.connecting')}
        </span>
      )}
      {origin && ((origin.kind === 'view' && fromRoom) || (origin.kind === 'tour' && touring !== null)) && (
        <span
          className="wall-status-item room-status-origin"
          data-testid="room-status-origin"
          data-rev={origin.rev}
          title={t('status.originTitle', {
            screen: origin.screen,
            by: origin.by,
            at: roomTimeFull(origin.at),
            rev: origin.rev,
          })}
        >
          <span aria-hidden="true">⇄</span> {t('status.origin', { by: origin.by, time: roomTime(origin.at) })}
        </span>
      )}
      {mode.rejected && (
        <span
          className="wall-status-item room-status-rejected"
          data-testid="room-status-rejected"
          title={mode.rejected.reason}
        >
          {t('status.rejected', { rev: mode.rejected.rev, reason: mode.rejected.reason })}
        </span>
      )}
    </>
  );
}
