import { useId, useState } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { RoomScreenStatus } from '../../../electron/shared/room';
import { Button } from '../../components/button';
import { useCoreMirror } from '../../session/core-mirror';
import {
  clearScreen,
  desiredView,
  sendSavedView,
  sendTour,
  showHere,
  type SendOutcome,
} from './room-commands';

/**
 * "Sent (revision 7).", or that it waits here while the broker is away; "Cam 3: Sent (revision 7)."
 * for a device. Worded when it is said (an outcome is shown once, as it happens).
 */
export function sentText(o: { rev: number; queued: boolean }, device?: string): string {
  const t = i18next.getFixedT(null, 'room');
  if (device !== undefined)
    return o.queued
      ? t('card.deviceQueued', { device, rev: o.rev })
      : t('card.deviceSent', { device, rev: o.rev });
  return o.queued ? t('card.queued', { rev: o.rev }) : t('card.sent', { rev: o.rev });
}

export interface ScreenActionsProps {
  screen: RoomScreenStatus;
  /** What happened, for the card to say ("Sent (revision 7)", or why not). */
  onOutcome(message: string, ok: boolean): void;
}

/** A screen's commands: send a saved view or tour, clear it, or take its view into this wall. */
export function ScreenActions({ screen, onOutcome }: ScreenActionsProps) {
  const { layouts, tours } = useCoreMirror(
    useShallow((s) => ({ layouts: s.layouts ?? [], tours: s.tours ?? [] })),
  );
  const [viewId, setViewId] = useState('');
  const [tourId, setTourId] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const { t } = useTranslation('room');

  const run = async (call: () => Promise<SendOutcome>) => {
    setBusy(true);
    try {
      const outcome = await call();
      onOutcome(outcome.ok ? sentText(outcome) : t('notSent', { message: outcome.message }), outcome.ok);
    } finally {
      setBusy(false);
    }
  };
  const layout = layouts.find((l) => l.id === viewId);
  const tour = tours.find((t) => t.id === tourId);

  return (
    <div className="room-actions" data-testid="room-actions">
      <div className="room-action-row">
        <label className="visually-hidden" htmlFor={`${id}-view`}>
          {t('actions.viewLabel', { screen: screen.name })}
        </label>
        <select
          id={`${id}-view`}
          className="input select room-select"
          value={viewId}
          onChange={(e) => setViewId(e.target.value)}
          data-testid="room-view-select"
        >
          <option value="">{layouts.length ? t('actions.viewChoose') : t('actions.noView')}</option>
          {layouts.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </select>
        <Button
          size="small"
          disabled={!layout || busy}
          onClick={() => layout && void run(() => sendSavedView(screen.name, layout))}
          data-testid="room-send-view"
        >
          {t('actions.sendView')}
        </Button>
      </div>
      <div className="room-action-row">
        <label className="visually-hidden" htmlFor={`${id}-tour`}>
          {t('actions.tourLabel', { screen: screen.name })}
        </label>
        <select
          id={`${id}-tour`}
          className="input select room-select"
          value={tourId}
          onChange={(e) => setTourId(e.target.value)}
          data-testid="room-tour-select"
        >
          <option value="">{tours.length ? t('actions.tourChoose') : t('actions.noTour')}</option>
          {tours.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <Button
          size="small"
          disabled={!tour || busy}
          onClick={() => tour && void run(() => sendTour(screen.name, tour))}
          data-testid="room-send-tour"
        >
          {t('actions.sendTour')}
        </Button>
      </div>
      <div className="room-action-row">
        <Button
          size="small"
          disabled={busy}
          onClick={() => void run(() => clearScreen(screen.name))}
          data-testid="room-clear"
        >
          {t('actions.clear')}
        </Button>
        <Button
          size="small"
          disabled={!desiredView(screen)}
          title={t('actions.showHereTitle')}
          onClick={() => {
            const done = showHere(screen);
            onOutcome(done.ok ? t('actions.shownHere') : done.message, done.ok);
          }}
          data-testid="room-show-here"
        >
          {t('actions.showHere')}
        </Button>
      </div>
    </div>
  );
}
