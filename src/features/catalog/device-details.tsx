import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { formatDateTime } from '../../i18n/format';
import { usePutOnWall } from '../../session/use-put-on-wall';
import { wallDeviceOf } from '../../session/wall-device';
import { shownExtendData } from './device-extend-data';
import { MiddleEllipsis } from '../../components/middle-ellipsis';
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
  const { t } = useTranslation('catalog');
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
            <span className="gateway-mark" title={t('details.gateway')} aria-label={t('details.gateway')}>
              ⛁
            </span>
          )}
          <MiddleEllipsis text={name} />
        </h3>
        {onWall && (
          <Badge tone="ok" testId="details-on-wall">
            {t('details.onWall')}
          </Badge>
        )}
        <Button
          size="small"
          variant="primary"
          onClick={() => putOnWall(wallDeviceOf(device))}
          aria-label={t('grid.putName', { name })}
        >
          {t('details.put')}
        </Button>
        <Button
          size="small"
          variant="ghost"
          onClick={onClose}
          aria-label={t('details.close')}
          title={t('details.closeTitle')}
        >
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
              {t('details.oddFields')} <OddMark record={device} />
            </dt>
            <dd data-testid="details-odd">
              <span className="text-muted small">{t('details.oddHint')}</span>
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
        <dt>{t('columns.sn')}</dt>
        <dd className="mono selectable">
          <OddOr record={device} field="sn">
            {device.sn || <span className="text-muted">{t('details.none')}</span>}
          </OddOr>
        </dd>
        <dt>{t('details.status')}</dt>
        <dd data-testid="details-status">
          <span className="status-code" data-code={device.deviceStatus}>
            {device.deviceStatus}
          </span>{' '}
          {label ? (
            <>
              {label}
              {legendSource === 'demo' && (
                <span className="text-muted small">{t('details.demoMeaning')}</span>
              )}
            </>
          ) : (
            <span className="text-muted">
              {t('details.noMeaning')}{' '}
              <button type="button" className="link" onClick={onEditLegend}>
                {t('legendInvite.action')}
              </button>
            </span>
          )}
        </dd>
        <dt>{t('details.type')}</dt>
        <dd>{device.deviceType || <span className="text-muted">{t('details.none')}</span>}</dd>
        <dt>{t('details.product')}</dt>
        <dd>
          {productName}
          {device.productKey && device.productKey !== productName && (
            <span className="mono text-muted small"> {device.productKey}</span>
          )}
        </dd>
        <dt>{t('details.gateway')}</dt>
        <dd data-testid="details-gateway">
          {device.gateway ? (
            t('details.isGateway')
          ) : device.gatewayKey ? (
            <button type="button" className="link" onClick={() => onRevealGateway(device.gatewayKey!)}>
              {gatewayName ?? device.gatewayKey}
            </button>
          ) : (
            <span className="text-muted">{t('details.none')}</span>
          )}
        </dd>
        {device.descr && (
          <>
            <dt>{t('details.description')}</dt>
            <dd data-testid="details-descr">{device.descr}</dd>
          </>
        )}
        <dt>{t('details.created')}</dt>
        <dd>
          <OddOr record={device} field="createAt">
            {formatDateTime(device.createAt)}
          </OddOr>{' '}
          <span className="text-muted small">
            {t('details.protocol')}{' '}
            <OddOr record={device} field="createProtocol">
              {device.createProtocol}
            </OddOr>
          </span>
          {'createAck' in (device.odd ?? {}) ? (
            <span className="text-muted small">
              {' '}
              {t('details.acknowledged')}{' '}
              <OddOr record={device} field="createAck">
                {''}
              </OddOr>
            </span>
          ) : (
            !device.createAck && <span className="text-muted small">{t('details.notAcknowledged')}</span>
          )}
        </dd>
        <dt>{t('details.updated')}</dt>
        <dd>
          <OddOr record={device} field="updateAt">
            {formatDateTime(device.updateAt)}
          </OddOr>
        </dd>
        <dt>extendData</dt>
        <dd data-testid="details-extend-data" data-kind={extend.kind}>
          {extend.kind === 'empty' ? (
            <span className="text-muted">{t('details.empty')}</span>
          ) : (
            <>
              <pre className="code">{extend.text}</pre>
              {extend.kind === 'raw' && <span className="text-muted small">{t('details.notJson')}</span>}
            </>
          )}
        </dd>
      </dl>
    </section>
  );
}
