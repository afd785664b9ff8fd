import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { useTourStore, type RunningTour } from './tour-store';

/** How often the countdown is read (it shows whole seconds; the progress line moves smoothly enough). */
const COUNTDOWN_MS = 250;

/**
 * "7 s" to the next switch, and a line filling up over the dwell. Reads the clock itself four times
 * a second and re-renders only when the whole second changes; the line is set on its element.
 */
function Countdown({ dwellMs, paused }: { dwellMs: number; paused: boolean }) {
  const read = () => Math.ceil(useTourStore.getState().countdownMs() / 1000);
  const [seconds, setSeconds] = useState(read);
  const lineRef = useRef<HTMLSpanElement>(null);
  const { t } = useTranslation('wall');
  useEffect(() => {
    const update = () => {
      const left = useTourStore.getState().countdownMs();
      setSeconds(Math.ceil(left / 1000));
      if (lineRef.current)
        lineRef.current.style.transform = `scaleX(${Math.min(1, Math.max(0, 1 - left / dwellMs))})`;
    };
    update();
    if (paused) return;
    const timer = setInterval(update, COUNTDOWN_MS);
    return () => clearInterval(timer);
  }, [dwellMs, paused]);
  return (
    <>
      <span className="tour-countdown" data-testid="tour-countdown" data-seconds={seconds}>
        {t('tourBar.countdown', { seconds })}
      </span>
      <span className="tour-progress" aria-hidden="true">
        <span ref={lineRef} className="tour-progress-line" />
      </span>
    </>
  );
}

/**
 * Over the wall while a tour runs: which tour, which page of how many, what comes next and when
 * (a visible countdown), and Previous, Pause/Resume, Next and Stop. Editing the wall stops the tour,
 * and the bar says so.
 */
export function TourBar({ running }: { running: RunningTour }) {
  const { tour, pages, view } = running;
  const store = useTourStore.getState;
  const page = pages[view.page];
  const nextIndex = view.upcoming ?? (pages.length > 1 ? (view.page + 1) % pages.length : null);
  const next = nextIndex !== null ? pages[nextIndex] : null;
  const several = pages.length > 1;
  const { t } = useTranslation('wall');
  return (
    <div
      className={`tour-bar${view.paused ? ' is-paused' : ''}`}
      role="region"
      aria-label={t('tourBar.region', { name: tour.name })}
      data-testid="tour-bar"
    >
      <span className="tour-badge" aria-hidden="true" title={t('tourBar.badgeTitle', { name: tour.name })}>
        {t('tourBar.badge')}
      </span>
      <span className="tour-name" title={tour.name}>
        {tour.name}
      </span>
      <span className="tour-page" data-testid="tour-page" aria-live="polite">
        <Trans
          t={t}
          i18nKey={tour.kind === 'views' ? 'tourBar.pageView' : 'tourBar.pageCamera'}
          values={{ page: view.page + 1, total: pages.length, name: page?.name ?? '' }}
          components={{ strong: <strong /> }}
        />
      </span>
      <span className={`tour-next${view.paused || !next ? ' is-short' : ''}`} data-testid="tour-next">
        {view.jumping || view.holding ? (
          t('tourBar.switching', { name: next?.name ?? '' })
        ) : view.paused ? (
          t('tourBar.paused')
        ) : next ? (
          <Trans
            t={t}
            i18nKey="tourBar.next"
            values={{ name: next.name }}
            components={{ strong: <strong /> }}
          />
        ) : (
          t('tourBar.again')
        )}
      </span>
      {!view.jumping && !view.holding && (
        <Countdown dwellMs={tour.dwellSeconds * 1000} paused={view.paused} />
      )}
      <span className="spacer" />
      <span className="tour-hint small">{t('tourBar.hint')}</span>
      <span className="tour-controls">
        <Button
          size="small"
          variant="ghost"
          disabled={!several}
          onClick={() => store().previous()}
          aria-label={t('tourBar.previous')}
          title={t('tourBar.previous')}
          data-testid="tour-previous"
        >
          ◀
        </Button>
        {view.paused ? (
          <Button
            size="small"
            variant="ghost"
            onClick={() => store().resume()}
            aria-label={t('tourBar.resumeLabel')}
            title={t('tourBar.resumeTitle')}
            data-testid="tour-resume"
          >
            {t('tourBar.resume')}
          </Button>
        ) : (
          <Button
            size="small"
            variant="ghost"
            onClick={() => store().pause()}
            aria-label={t('tourBar.pauseLabel')}
            title={t('tourBar.pauseTitle')}
            data-testid="tour-pause"
          >
            <span className="tour-icon-pause" aria-hidden="true" /> {t('tourBar.pause')}
          </Button>
        )}
        <Button
          size="small"
          variant="ghost"
          disabled={!several}
          onClick={() => store().next()}
          aria-label={t('tourBar.nextPage')}
          title={t('tourBar.nextPage')}
          data-testid="tour-next-button"
        >
          ▶
        </Button>
        <Button
          size="small"
          onClick={() => store().stop()}
          title={t('tourBar.stopTitle')}
          data-testid="tour-stop"
        >
          {t('tourBar.stop')}
        </Button>
      </span>
    </div>
  );
}
