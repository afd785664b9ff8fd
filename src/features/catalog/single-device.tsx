import type { KeyboardEvent } from 'react';
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
          This profile&apos;s device
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
        aria-label={`Device ${deviceKey}. Press Enter or drag onto a tile to put it on the wall.`}
      >
        <div className="device-card-key">
          <span className="text-muted small">deviceKey</span>
          <span className="mono">{deviceKey}</span>
        </div>
        {onWall && (
          <Badge tone="ok" testId="on-wall-mark">
            On the wall
          </Badge>
        )}
        <Button variant="primary" onClick={() => putOnWall(device)} data-testid="put-on-wall">
          ▶ Put on wall
        </Button>
      </div>
    </section>
  );
}
