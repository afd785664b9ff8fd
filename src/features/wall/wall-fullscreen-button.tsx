import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';

const WALL = '[data-testid="wall"]';

/** Whether the wall (or something in it) fills the screen now. */
const wallIsFullscreen = () => !!document.fullscreenElement?.closest(WALL);

/**
 * The wall over the whole screen and back (the Fullscreen API on the wall's own element: the
 * toolbar and the tiles, without the app around them). Esc leaves fullscreen, as everywhere.
 */
export function WallFullscreenButton() {
  const [on, setOn] = useState(wallIsFullscreen);
  const { t } = useTranslation('wall');
  useEffect(() => {
    const onChange = () => setOn(wallIsFullscreen());
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (!document.fullscreenEnabled) return null;

  const toggle = (button: HTMLElement) => {
    if (wallIsFullscreen()) void document.exitFullscreen().catch(() => undefined);
    else
      void button
        .closest<HTMLElement>(WALL)
        ?.requestFullscreen({ navigationUI: 'hide' })
        .catch(() => undefined);
  };

  return (
    <Button
      size="small"
      variant="ghost"
      className={`wall-fullscreen-button${on ? ' is-on' : ''}`}
      aria-pressed={on}
      title={on ? t('fullscreen.leaveTitle') : t('fullscreen.enterTitle')}
      aria-label={on ? t('fullscreen.leave') : t('fullscreen.enter')}
      data-testid="wall-fullscreen"
      onClick={(e) => toggle(e.currentTarget)}
    >
      <FullscreenIcon exit={on} />
    </Button>
  );
}

/** Four corners pointing out (enter) or in (exit); drawn, as no emoji font can be counted on. */
function FullscreenIcon({ exit }: { exit: boolean }) {
  const d = exit ? 'M6 2v4H2M10 2v4h4M6 14v-4H2M10 14v-4h4' : 'M2 6V2h4M14 6V2h-4M2 10v4h4M14 10v4h-4';
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
