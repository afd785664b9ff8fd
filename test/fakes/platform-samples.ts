import { STREAM_URL_FIELDS, type StreamPlayback } from '../../electron/shared/domain';

/** Well-formed platform answers as the spec shows them, for fakes that must answer correctly. */
export function sampleStream(streamId = 'live-1'): StreamPlayback {
  const urls = Object.fromEntries(
    STREAM_URL_FIELDS.map((f) => [f, `http://media.example:8080/live/${streamId}.${f}?secret=STREAMSECRET`]),
  );
  return { streamId, sipId: '34020000001320000001', channelId: '1', ...urls } as StreamPlayback;
}

export function sampleDevice(i = 1): Record<string, unknown> {
  return {
    createAt: 1_700_000_000_000 + i,
    updateAt: 1_700_000_100_000 + i,
    deviceKey: `dev-${i}`,
    sn: `SN${i}`,
    userKey: 'user-1',
    productKey: 'prod-1',
    deviceType: 'camera',
    descr: '',
    deviceName: `Camera ${i}`,
    createProtocol: 1,
    deviceStatus: 1,
    createAck: true,
    extendData: null,
    gateway: false,
    gatewayKey: null,
  };
}

export function sampleProduct(i = 1): Record<string, unknown> {
  return {
    createAt: 1_700_000_000_000 + i,
    updateAt: 1_700_000_100_000 + i,
    productKey: `prod-${i}`,
    userKey: 'user-1',
    productName: `Product ${i}`,
    descr: '',
    productStatus: 1,
    productIndustry: 'security',
    productCategory: 'camera',
    extendData: '{"a":1}',
  };
}

export function samplePage<T>(items: T[], page = 1, pageSize = 20, total = items.length) {
  return { data: items, page, pageSize, total };
}
