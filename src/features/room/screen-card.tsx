import { useState } from 'react';
import i18next from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import type { RoomReported, RoomScreenStatus } from '../../../electron/shared/room';
import { sendDeviceToCell } from './room-commands';
import { roomTime, roomTimeFull } from './room-time';
import { ScreenActions, sentText } from './screen-actions';
import { rejectedWords } from './rejected-words';
import { ScreenMiniGrid } from './screen-mini-grid';

/** What a screen shows, in words: "View Lobby (2 × 2)", "Tour Night", "Nothing" (worded as rendered). */
export function shownText(screen: RoomScreenStatus): string {
  const t = i18next.getFixedT(null, 'room');
  const shows = screen.reported?.shows;
  if (!shows) return t('card.notReported');
  if (shows.kind === 'tour') return t('card.showsTour', { name: shows.name });
  if (shows.kind === 'view')
    return t('card.showsView', {
      name: shows.name ?? t('card.unnamed'),
      columns: shows.grid.columns,
      rows: shows.grid.rows,
    });
  return t('card.showsNothing');
}

function presenceText(screen: RoomScreenStatus): { text: string; online: boolean } {
  const t = i18next.getFixedT(null, 'room');
  const p = screen.presence;
  if (!p) return { text: t('card.neverSeen'), online: false };
  return p.state === 'online'
    ? { text: t('card.onlineSince', { time: roomTime(p.since) }), online: true }
    : { text: t('card.offlineSince', { time: roomTime(p.since) }), online: false };
}

/**
 * One screen of the room on the console: its presence, what it shows (with each tile's health),
 * who changed it last and when, a "pending" mark until it reports the revision sent, the reason of
 * a refusal; its mini-grid takes devices dropped from the catalog; its commands below.
 */
export function ScreenCard({ screen }: { screen: RoomScreenStatus }) {
  const { t } = useTranslation('room');
  const [said, setSaid] = useState<{ message: string; ok: boolean } | null>(null);
  const presence = presenceText(screen);
  const desired = screen.desired;
  const rejected = screen.reported?.rejected;
  const headingId = `room-screen-${screen.name}`;
  const outcome = (message: string, ok: boolean) => setSaid({ message, ok });

  return (
    <section
      className="room-screen"
      aria-labelledby={headingId}
      data-testid="room-screen"
      data-screen={screen.name}
      data-presence={screen.presence?.state ?? 'unknown'}
      data-pending={screen.pending || undefined}
      data-rev={screen.reported?.rev ?? 0}
      data-desired-rev={desired?.rev ?? 0}
    >
      <header className="room-screen-head">
        <h3 id={headingId} className="room-screen-name">
          <span
            className={`room-dot room-dot-${presence.online ? 'playing' : 'offline'}`}
            aria-hidden="true"
          />
          {screen.name}
          {screen.local && <span className="room-tag">{t('card.thisPc')}</span>}
        </h3>
        <span
          className={`room-presence${presence.online ? '' : ' is-off'}`}
          data-testid="room-presence"
          title={screen.presence ? roomTimeFull(screen.presence.since) : undefined}
        >
          {presence.text}
          {screen.presence?.pc ? ` · ${screen.presence.pc}` : ''}
        </span>
      </header>
      <p className="room-shows" data-testid="room-shows">
        {shownText(screen)}
        {screen.pending && (
          <span className="room-tag is-warn" data-testid="room-pending" title={t('card.pendingTitle')}>
            {t('card.pending')}
          </span>
        )}
      </p>
      {desired && (
        <p className="room-by text-muted small" data-testid="room-changed-by">
          <Trans
            t={t}
            i18nKey="card.changedBy"
            values={{ by: desired.by, time: roomTime(desired.at), rev: desired.rev }}
            components={{ time: <span title={roomTimeFull(desired.at)} /> }}
          />
        </p>
      )}
      {rejected && <RejectedLine rejected={rejected} />}
      <ScreenMiniGrid
        screen={screen}
        onDropDevice={(device, cell) =>
          void sendDeviceToCell(screen, device, cell).then((o) =>
            outcome(o.ok ? sentText(o, device.deviceName) : t('notSent', { message: o.message }), o.ok),
          )
        }
      />
      <ScreenActions screen={screen} onOutcome={outcome} />
      {said && (
        <p
          className={`room-said small${said.ok ? ' text-muted' : ' text-danger'}`}
          role="status"
          data-testid="room-said"
        >
          {said.message}
        </p>
      )}
    </section>
  );
}

/**
 * The screen's last refusal: its reason worded here from its code, or (no code known here) the
 * screen's own English words, marked as such.
 */
function RejectedLine({ rejected }: { rejected: NonNullable<RoomReported['rejected']> }) {
  const { t } = useTranslation('room');
  const reason = rejectedWords(rejected);
  return (
    <p className="room-rejected" role="alert" data-testid="room-rejected">
      <Trans
        t={t}
        i18nKey="card.rejected"
        values={{ rev: rejected.rev ?? t('card.unknownRev'), reason: reason.text }}
        components={{ core: reason.coreWords ? <span data-core-words /> : <span /> }}
      />
    </p>
  );
}
