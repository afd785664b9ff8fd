import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { useOnWallKeys } from '../../session/on-wall-keys';
import { usePutOnWall } from '../../session/use-put-on-wall';
import { wallDeviceOf } from '../../session/wall-device';
import { startDeviceDrag } from './device-drag';

/**
 * Device credentials reach exactly one device and may only start its stream: the catalog is that
 * one device, ready to go on the wall.
 */
export function SingleDevice({ deviceKey }: { deviceKey: string }) {
  const putOnWall = usePutOnWall();
  const { t } = useTranslation('catalog');
  const onWall = useOnWallKeys((s) => s.keys.has(deviceKey));
  const device = wallDeviceOf({ deviceKey, deviceName: '' });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) {
      e.preventDefault();
      putOnWall(device);
    }
  };
  return (
    <section className="catalog-section" aria-labelledby="single-device-heading" data-testid="single-device">
      <header className="catalog-section-head">
        <h2 id="single-device-heading" className="catalog-title">
          {t('single.title')}
        </h2>
      </header>
      <div
        className="device-card"
        tabIndex={0}
        draggable
        onDragStart={(e) => startDeviceDrag(e, device)}
        onKeyDown={onKeyDown}
        data-testid="device-row"
        data-device-key={deviceKey}
        data-on-wall={onWall || undefined}
        aria-label={t('single.cardLabel', { key: deviceKey })}
      >
        <div className="device-card-key">
          <span className="text-muted small">deviceKey</span>
          <span className="mono">{deviceKey}</span>
        </div>
        {onWall && (
          <Badge tone="ok" testId="on-wall-mark">
            {t('single.onWall')}
          </Badge>
        )}
        <Button variant="primary" onClick={() => putOnWall(device)} data-testid="put-on-wall">
          {t('single.put')}
        </Button>
      </div>
    </section>
  );
}
