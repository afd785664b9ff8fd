import type { Device, Product } from '../shared/domain';
import type { DemoData, DemoProject, DemoUser, DeviceChannel } from './demo-data';
import { CREDENTIAL_PRODUCT_INDEX, PRODUCT_CATALOG, USER_NAMES } from './product-catalog';
import { SeededRandom } from './seeded-random';

const DEMO_DEVICE_COUNT = 2000;

const DAY = 86_400_000;
/** All timestamps fall between these two instants, whatever the seed. */
const EPOCH_START = Date.UTC(2023, 0, 1);
const EPOCH_END = Date.UTC(2025, 5, 1);

const PRODUCT_STATUSES = [1, 1, 0, 1, 2] as const;
const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** GB28181 type codes: 132 IP camera, 131 camera channel, 118 NVR. */
const GB_DOMAIN = '3402000000';

function validProductJson(r: SeededRandom): string {
  return r.pick([
    () =>
      JSON.stringify({
        vendor: r.pick(['Hikvision', 'Dahua', 'Uniview', 'Axis']),
        protocol: 'GB28181',
        retentionDays: r.pick([7, 14, 30, 90]),
      }),
    () =>
      JSON.stringify({
        sla: '24/7',
        contact: 'noc@example.com',
        zones: ['A', 'B', 'C'].slice(0, r.int(1, 3)),
      }),
    () => JSON.stringify(['outdoor', 'ir', r.pick(['ptz', 'fixed', 'wide'])]),
  ])();
}

function invalidProductJson(r: SeededRandom): string {
  return r.pick([
    "{vendor: 'Dahua', retention: 30}",
    'retention=30d;vendor=Uniview',
    '{"vendor":"Axis","zones":["A",',
  ]);
}

/** Product.extendData: every kind appears for any seed (valid JSON, invalid JSON, empty). */
function productExtendData(index: number, r: SeededRandom): string {
  const kind = index % 4;
  if (kind === 0 || kind === 1) return validProductJson(r);
  if (kind === 2) return invalidProductJson(r);
  return '';
}

/** Device.extendData: its type is not in the spec, so a realistic mix. */
function deviceExtendData(r: SeededRandom): Device['extendData'] {
  return r.weighted<() => Device['extendData']>([
    [() => null, 70],
    [
      () => ({
        lens: r.pick(['2.8mm', '4mm', '6mm']),
        ir: r.chance(0.5),
        firmware: `V5.${r.int(5, 8)}.${r.int(0, 9)}`,
      }),
      15,
    ],
    [() => `firmware V5.${r.int(5, 8)}.${r.int(0, 9)} build 2024${r.digits(4)}`, 10],
    [() => JSON.stringify({ mount: r.pick(['pole', 'wall', 'ceiling']), heightM: r.int(2, 12) }), 5],
  ])();
}

/** Deep-freeze one level of records: the data is shared by every request and every test. */
function frozen<T extends object>(items: T[]): readonly T[] {
  for (const item of items) Object.freeze(item);
  return Object.freeze(items);
}

/**
 * Generate the demo platform's data from a seed.
 *
 * Same seed, identical data: every value, timestamps included, comes from the seeded source.
 */
export function seedDemoData(seed = 1): DemoData {
  const r = new SeededRandom(seed);
  const used = new Set<string>();
  const uniqueKey = (prefix: string, length: number): string => {
    for (;;) {
      const key = prefix + r.token(length);
      if (!used.has(key)) {
        used.add(key);
        return key;
      }
    }
  };
  const secret = () => r.token(32, SECRET_ALPHABET);

  const users: DemoUser[] = USER_NAMES.map((name) => ({
    userKey: uniqueKey('usr', 13),
    authKey: uniqueKey('ak', 16),
    authSecret: secret(),
    name,
  }));

  // Users 0 and 1 each own a project; user 2 owns none.
  const projects: DemoProject[] = [
    ['Control Room Archive', 0],
    ['Facilities Archive', 1],
  ].map(([name, owner]) => ({
    projectKey: uniqueKey('pj', 12),
    projectAuthKey: uniqueKey('pak', 16),
    projectAuthSecret: secret(),
    userKey: users[owner as number].userKey,
    name: name as string,
  }));

  const products: Product[] = [];
  const devices: Device[] = [];
  const devicesByProduct = new Map<string, Device[]>();
  const productSecrets = new Map<string, { queryKey: string; querySecret: string }>();
  const deviceTokens = new Map<string, string>();
  const channels = new Map<string, DeviceChannel>();

  let serial = 0;
  const addDevice = (
    fields: Omit<
      Device,
      | 'deviceKey'
      | 'sn'
      | 'createProtocol'
      | 'createAck'
      | 'extendData'
      | 'updateAt'
      | 'descr'
      | 'deviceStatus'
    >,
    isGateway: boolean,
  ): Device => {
    serial += 1;
    const number = String(serial).padStart(6, '0');
    const device: Device = {
      createAt: fields.createAt,
      updateAt: Math.min(EPOCH_END, fields.createAt + r.int(0, 200) * DAY + r.int(0, DAY)),
      deviceKey: uniqueKey('dk', 14),
      sn: `${r.pick(['DS', 'DH', 'UV', 'AX'])}${r.digits(4)}${r.token(8, SN_ALPHABET)}`,
      userKey: fields.userKey,
      productKey: fields.productKey,
      deviceType: fields.deviceType,
      descr: r.pick([
        '',
        '',
        'Covers the entrance lane',
        'IR illuminator fitted',
        'Replaced lens 2024',
        'Wide angle',
      ]),
      deviceName: fields.deviceName,
      createProtocol: r.weighted([
        [1, 55],
        [2, 25],
        [3, 15],
        [4, 5],
      ]),
      deviceStatus: r.weighted([
        [1, 70],
        [0, 18],
        [2, 8],
        [3, 4],
      ]),
      createAck: r.chance(0.95),
      extendData: deviceExtendData(r),
      gateway: fields.gateway,
      gatewayKey: fields.gatewayKey,
    };
    devices.push(device);
    deviceTokens.set(device.deviceKey, secret());
    channels.set(device.deviceKey, {
      sipId: `${GB_DOMAIN}${isGateway ? '118' : '132'}0${number}`,
      channelId: `${GB_DOMAIN}1310${number}`,
    });
    if (device.productKey !== null) devicesByProduct.get(device.productKey)?.push(device);
    return device;
  };

  PRODUCT_CATALOG.forEach((theme, index) => {
    const owner = users[theme.owner];
    const createAt = EPOCH_START + index * 20 * DAY + r.int(0, DAY);
    const product: Product = {
      createAt,
      updateAt: createAt + r.int(1, 300) * DAY,
      productKey: uniqueKey('pk', 10),
      userKey: owner.userKey,
      productName: theme.productName,
      descr: theme.descr,
      productStatus: PRODUCT_STATUSES[index % PRODUCT_STATUSES.length],
      productIndustry: theme.productIndustry,
      productCategory: theme.productCategory,
      extendData: productExtendData(index, r),
    };
    products.push(product);
    devicesByProduct.set(product.productKey, []);
    productSecrets.set(product.productKey, { queryKey: uniqueKey('qk', 16), querySecret: secret() });

    // About one gateway in 25 devices; gateways come first so their children can point at them.
    const gatewayCount = theme.deviceCount === 0 ? 0 : Math.max(1, Math.round(theme.deviceCount / 25));
    const gateways: Device[] = [];
    for (let g = 1; g <= gatewayCount; g++) {
      gateways.push(
        addDevice(
          {
            createAt: createAt + r.int(1, 10) * DAY,
            userKey: owner.userKey,
            productKey: product.productKey,
            deviceType: theme.gatewayType,
            deviceName: `${theme.productName} ${theme.gatewayType} ${g}`,
            gateway: true,
            gatewayKey: null,
          },
          true,
        ),
      );
    }
    for (let n = 1; n <= theme.deviceCount - gatewayCount; n++) {
      addDevice(
        {
          createAt: createAt + r.int(10, 400) * DAY + r.int(0, DAY),
          userKey: owner.userKey,
          productKey: product.productKey,
          deviceType: theme.deviceType,
          deviceName: theme.deviceName(n, r),
          gateway: false,
          gatewayKey: r.chance(0.35) ? r.pick(gateways).deviceKey : null,
        },
        false,
      );
    }
  });

  // The rest belong to no product: registered, but listed under none.
  while (devices.length < DEMO_DEVICE_COUNT) {
    const owner = users[r.chance(0.6) ? 0 : 1];
    addDevice(
      {
        createAt: EPOCH_START + r.int(0, 800) * DAY,
        userKey: owner.userKey,
        productKey: null,
        deviceType: r.pick(['IPC', 'Bullet', 'Dome']),
        deviceName: `${r.pick(['Unassigned', 'Spare', 'Bench Test'])} ${r.pick(['Camera', 'Bullet', 'Dome'])} ${devices.length + 1}`,
        gateway: false,
        gatewayKey: null,
      },
      false,
    );
  }

  const credentialProduct = products[CREDENTIAL_PRODUCT_INDEX];
  const productDevices = devicesByProduct.get(credentialProduct.productKey) ?? [];
  const credentialDevice =
    productDevices.find((d) => !d.gateway && d.deviceStatus === 1) ??
    productDevices[productDevices.length - 1];
  const user = users[0];
  const project = projects[0];
  const productSecret = productSecrets.get(credentialProduct.productKey)!;

  return Object.freeze({
    seed,
    users: frozen(users),
    projects: frozen(projects),
    products: frozen(products),
    devices: frozen(devices),
    productByKey: new Map(products.map((p) => [p.productKey, p])),
    deviceByKey: new Map(devices.map((d) => [d.deviceKey, d])),
    devicesByProduct: new Map([...devicesByProduct].map(([key, list]) => [key, Object.freeze(list)])),
    productSecrets,
    deviceTokens,
    channels,
    credentials: {
      user: { userKey: user.userKey, authKey: user.authKey, authSecret: user.authSecret },
      product: { productKey: credentialProduct.productKey, ...productSecret },
      device: {
        deviceKey: credentialDevice.deviceKey,
        queryToken: deviceTokens.get(credentialDevice.deviceKey)!,
      },
      project: {
        projectKey: project.projectKey,
        projectAuthKey: project.projectAuthKey,
        projectAuthSecret: project.projectAuthSecret,
      },
    },
  });
}
