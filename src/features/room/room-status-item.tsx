import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { StatusWords, useTourStore, useWallStore } from './wall-door';
import { useRoomMirror } from './room-mirror';
import { isRoomLayout } from './room-view';
import { roomTime, roomTimeFull } from './room-time';
import { useScreenMode } from './screen-mode';
import { useScreenReport } from './use-screen-report';
import { rejectedWords } from './rejected-words';
import { roomReasonWords } from './room-words';
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
  const reason = roomReasonWords(connection);
  const away = connection.state === 'away' ? t('status.away', { time: roomTime(connection.since) }) : '';
  const rejected = mode.rejected
    ? t('status.rejected', { rev: mode.rejected.rev, reason: rejectedWords(mode.rejected).text })
    : '';
  // The status bar shows the short forms where the long ones do not fit: the long one is the
  // tooltip's first line (wall/status-bar-fit.ts).
  return (
    <>
      {connection.state === 'away' && (
        <span
          className="wall-status-item room-status-away wall-status-yields"
          data-testid="room-status-away"
          role="status"
          title={`${away}\n${
            reason ? t('status.awayTitle', { reason: reason.text }) : t('status.awayTitleNoReason')
          }`}
          // The title holds the core's reason as it came when it has no code worded here.
          data-core-words={reason?.coreWords ? true : undefined}
        >
          <StatusWords text={away} short={t('status.awayShort', { time: roomTime(connection.since) })} />
        </span>
      )}
      {connection.state === 'connecting' && (
        <span className="wall-status-item room-status-connecting" data-testid="room-status-connecting">
          {t('status.connecting')}
        </span>
      )}
      {origin && ((origin.kind === 'view' && fromRoom) || (origin.kind === 'tour' && touring !== null)) && (
        <span
          className="wall-status-item room-status-origin wall-status-yields"
          data-testid="room-status-origin"
          data-rev={origin.rev}
          title={`${t('status.origin', { by: origin.by, time: roomTime(origin.at) })}\n${t(
            'status.originTitle',
            {
              screen: origin.screen,
              by: origin.by,
              at: roomTimeFull(origin.at),
              rev: origin.rev,
            },
          )}`}
        >
          <span aria-hidden="true">⇄</span>{' '}
          <StatusWords
            text={t('status.origin', { by: origin.by, time: roomTime(origin.at) })}
            short={t('status.originShort', { by: origin.by, time: roomTime(origin.at) })}
          />
        </span>
      )}
      {mode.rejected && (
        <span
          className="wall-status-item room-status-rejected wall-status-yields"
          data-testid="room-status-rejected"
          title={rejected}
        >
          <StatusWords text={rejected} short={t('status.rejectedShort', { rev: mode.rejected.rev })} />
        </span>
      )}
    </>
  );
}
