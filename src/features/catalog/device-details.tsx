import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { formatTime } from '../../lib/format-time';
import { usePutOnWall } from '../../session/use-put-on-wall';
import { wallDeviceOf } from '../../session/wall-device';
import { shownExtendData } from './device-extend-data';
import { MiddleEllipsis } from './middle-ellipsis';
import { rawText, type ListedDevice } from './odd-fields';
import { OddMark, OddOr } from './odd-mark';
import { statusLabel, type LegendSource } from './status-legend';

export interface DeviceDetailsProps {
  device: ListedDevice;
  legend: Record<string, string>;
  legendSource: LegendSource;
  productName: string;
  gatewayName: string | undefined;
  onWall: boolean;
  onClose(): void;
  onRevealGateway(deviceKey: string): void;
  onEditLegend(): void;
}

/**
 * Everything the platform says about one device, as the product details do for a product: keys,
 * serial number, gateway, what its status code means, times, and extendData (pretty-printed when
 * it is JSON, as it came when not). It opens under the list, which keeps its place; Escape closes.
 */
export function DeviceDetails({
  device,
  legend,
  legendSource,
  productName,
  gatewayName,
  onWall,
  onClose,
  onRevealGateway,
  onEditLegend,
}: DeviceDetailsProps) {
  const putOnWall = usePutOnWall();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const name = device.deviceName || device.deviceKey;
  const label = statusLabel(legend, device.deviceStatus);
  const extend = shownExtendData(device.extendData);

  // Opened from a row's button: the keyboard goes with it.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, [device.deviceKey]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    onClose();
  };

  return (
    <section
      className="device-details"
      aria-labelledby="device-details-heading"
      data-testid="device-details"
      data-device-key={device.deviceKey}
      onKeyDown={onKeyDown}
    >
      <header className="device-details-head">
        <h3 id="device-details-heading" className="device-details-title" tabIndex={-1} ref={headingRef}>
          {device.gateway && (
            <span className="gateway-mark" title="Gateway" aria-label="Gateway">
              ⛁
            </span>
          )}
          <MiddleEllipsis text={name} />
        </h3>
        {onWall && (
          <Badge tone="ok" testId="details-on-wall">
            On the wall
          </Badge>
        )}
        <Button
          size="small"
          variant="primary"
          onClick={() => putOnWall(wallDeviceOf(device))}
          aria-label={`Put ${name} on the wall`}
        >
          ▶ Put on wall
        </Button>
        <Button size="small" variant="ghost" onClick={onClose} aria-label="Close details" title="Close (Esc)">
          ✕
        </Button>
      </header>
      <dl className="kv device-details-body">
        <dt>deviceKey</dt>
        <dd className="mono selectable" data-testid="details-device-key">
          {device.deviceKey}
        </dd>
        {device.odd && (
          <>
            <dt>
              Odd fields <OddMark record={device} />
            </dt>
            <dd data-testid="details-odd">
              <span className="text-muted small">
                Of an unexpected type; as they came (the list shows a stand-in):
              </span>
              <ul className="odd-field-list">
                {Object.entries(device.odd).map(([field, value]) => (
                  <li key={field}>
                    <span className="mono">{field}</span>: <span className="mono">{rawText(value)}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>SN</dt>
        <dd className="mono selectable">
          <OddOr record={device} field="sn">
            {device.sn || <span className="text-muted">none</span>}
          </OddOr>
        </dd>
        <dt>Status</dt>
        <dd data-testid="details-status">
          <span className="status-code" data-code={device.deviceStatus}>
            {device.deviceStatus}
          </span>{' '}
          {label ? (
            <>
              {label}
              {legendSource === 'demo' && (
                <span className="text-muted small"> (the demo platform&apos;s meaning)</span>
              )}
            </>
          ) : (
            <span className="text-muted">
              no meaning set ·{' '}
              <button type="button" className="link" onClick={onEditLegend}>
                Add a legend
              </button>
            </span>
          )}
        </dd>
        <dt>Type</dt>
        <dd>{device.deviceType || <span className="text-muted">none</span>}</dd>
        <dt>Product</dt>
        <dd>
          {productName}
          {device.productKey && device.productKey !== productName && (
            <span className="mono text-muted small"> {device.productKey}</span>
          )}
        </dd>
        <dt>Gateway</dt>
        <dd data-testid="details-gateway">
          {device.gateway ? (
            'This device is a gateway'
          ) : device.gatewayKey ? (
            <button type="button" className="link" onClick={() => onRevealGateway(device.gatewayKey!)}>
              {gatewayName ?? device.gatewayKey}
            </button>
          ) : (
            <span className="text-muted">none</span>
          )}
        </dd>
        {device.descr && (
          <>
            <dt>Description</dt>
            <dd>{device.descr}</dd>
          </>
        )}
        <dt>Created</dt>
        <dd>
          <OddOr record={device} field="createAt">
            {formatTime(device.createAt)}
          </OddOr>{' '}
          <span className="text-muted small">
            · protocol{' '}
            <OddOr record={device} field="createProtocol">
              {device.createProtocol}
            </OddOr>
          </span>
          {'createAck' in (device.odd ?? {}) ? (
            <span className="text-muted small">
              {' '}
              · acknowledged:{' '}
              <OddOr record={device} field="createAck">
                {''}
              </OddOr>
            </span>
          ) : (
            !device.createAck && <span className="text-muted small"> · not acknowledged</span>
          )}
        </dd>
        <dt>Updated</dt>
        <dd>
          <OddOr record={device} field="updateAt">
            {formatTime(device.updateAt)}
          </OddOr>
        </dd>
        <dt>extendData</dt>
        <dd data-testid="details-extend-data" data-kind={extend.kind}>
          {extend.kind === 'empty' ? (
            <span className="text-muted">empty</span>
          ) : (
            <>
              <pre className="code">{extend.text}</pre>
              {extend.kind === 'raw' && <span className="text-muted small">Not JSON: shown as it came.</span>}
            </>
          )}
        </dd>
      </dl>
    </section>
  );
}
