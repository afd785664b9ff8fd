import type { SeededRandom } from './seeded-random';

/** One seeded product: its look, its owner and how many devices it gets. */
export interface ProductTheme {
  /** Index into the seeded users: 0 is the user whose credentials are printed. */
  owner: number;
  productName: string;
  descr: string;
  productIndustry: string;
  productCategory: string;
  deviceType: string;
  gatewayType: string;
  deviceCount: number;
  /** A device name; `n` counts the product's non-gateway devices from 1. */
  deviceName(n: number, random: SeededRandom): string;
}

const compass = ['North', 'South', 'East', 'West'] as const;

/**
 * The seeded products, in creation order.
 *
 * Sizes add up to 1,960 devices; the remaining 40 of the 2,000 have no product. Perimeter Cameras
 * is the one large product (paging and list performance); Warehouse B PTZ is the modest product
 * whose credentials are printed; Pilot Kit has no devices at all.
 */
export const PRODUCT_CATALOG: readonly ProductTheme[] = [
  {
    owner: 0,
    productName: 'Perimeter Cameras',
    descr: 'Fixed IP cameras along the site fence, gates and towers',
    productIndustry: 'Security',
    productCategory: 'IP Camera',
    deviceType: 'IPC',
    gatewayType: 'NVR',
    deviceCount: 1040,
    deviceName: (n, r) =>
      `${r.pick(['Gate', 'Fence', 'Wall', 'Lot', 'Tower'])} ${Math.ceil(n / 4)} ${compass[n % 4]} Camera`,
  },
  {
    owner: 0,
    productName: 'Warehouse B PTZ',
    descr: 'Pan-tilt-zoom cameras over the aisles of warehouse B',
    productIndustry: 'Logistics',
    productCategory: 'PTZ Camera',
    deviceType: 'PTZ',
    gatewayType: 'NVR',
    deviceCount: 40,
    deviceName: (n) => `Warehouse B PTZ ${n}`,
  },
  {
    owner: 0,
    productName: 'Lobby & Entrances',
    descr: 'Dome cameras in lobbies, receptions and elevator halls',
    productIndustry: 'Facilities',
    productCategory: 'Dome Camera',
    deviceType: 'Dome',
    gatewayType: 'NVR',
    deviceCount: 120,
    deviceName: (n, r) =>
      `${r.pick(['Lobby', 'Entrance', 'Reception', 'Elevator Hall'])} F${r.int(1, 12)} Dome ${n}`,
  },
  {
    owner: 0,
    productName: 'Parking Garage',
    descr: 'Bullet cameras on the garage levels and ramps',
    productIndustry: 'Transport',
    productCategory: 'Bullet Camera',
    deviceType: 'Bullet',
    gatewayType: 'NVR',
    deviceCount: 85,
    deviceName: (n, r) => `Level ${r.int(-2, 4)} Parking ${r.pick(['A', 'B', 'C', 'Ramp'])} Camera ${n}`,
  },
  {
    owner: 0,
    productName: 'Loading Docks',
    descr: 'Cameras over dock doors and the truck yard',
    productIndustry: 'Logistics',
    productCategory: 'IP Camera',
    deviceType: 'IPC',
    gatewayType: 'Edge Gateway',
    deviceCount: 60,
    deviceName: (n) => `Dock ${n} Camera`,
  },
  {
    owner: 0,
    productName: 'Traffic Intersections',
    descr: 'Number-plate cameras at the city intersections',
    productIndustry: 'Transport',
    productCategory: 'ANPR Camera',
    deviceType: 'ANPR',
    gatewayType: 'Roadside Unit',
    deviceCount: 150,
    deviceName: (n, r) =>
      `${r.pick(['Main St', 'Harbor Rd', 'Elm Ave', 'King St', 'Bridge Rd'])} & ${r.pick(['1st', '2nd', '3rd', '5th', '9th'])} ANPR ${n}`,
  },
  {
    owner: 0,
    productName: 'Server Room Thermal',
    descr: 'Thermal cameras watching rack rows',
    productIndustry: 'IT',
    productCategory: 'Thermal Camera',
    deviceType: 'Thermal',
    gatewayType: 'Edge Gateway',
    deviceCount: 25,
    deviceName: (n, r) => `Rack Row ${r.pick(['A', 'B', 'C', 'D'])} Thermal ${n}`,
  },
  {
    owner: 0,
    productName: 'Production Line A',
    descr: 'Industrial cameras at the assembly stations',
    productIndustry: 'Manufacturing',
    productCategory: 'Industrial Camera',
    deviceType: 'Industrial',
    gatewayType: 'Edge Gateway',
    deviceCount: 90,
    deviceName: (n) => `Line A Station ${n} Camera`,
  },
  {
    owner: 1,
    productName: 'Campus East',
    descr: 'Hallway cameras of the east campus buildings',
    productIndustry: 'Education',
    productCategory: 'NVR Channel',
    deviceType: 'IPC',
    gatewayType: 'NVR',
    deviceCount: 70,
    deviceName: (n, r) => `Building ${r.int(1, 9)} Hallway Camera ${n}`,
  },
  {
    owner: 1,
    productName: 'Retail Stores',
    descr: 'Fisheye cameras over the checkouts',
    productIndustry: 'Retail',
    productCategory: 'Fisheye Camera',
    deviceType: 'Fisheye',
    gatewayType: 'NVR',
    deviceCount: 45,
    deviceName: (n) => `Store ${n} Checkout Fisheye`,
  },
  {
    owner: 1,
    productName: 'Rail Platforms',
    descr: 'Platform-end cameras of the commuter line',
    productIndustry: 'Transport',
    productCategory: 'IP Camera',
    deviceType: 'IPC',
    gatewayType: 'Station Gateway',
    deviceCount: 110,
    deviceName: (n, r) => `Platform ${Math.ceil(n / 4)} ${r.pick(['North End', 'South End'])} Camera`,
  },
  {
    owner: 1,
    productName: 'Harbor Cranes',
    descr: 'Hook and spreader cameras on the quay cranes',
    productIndustry: 'Port',
    productCategory: 'PTZ Camera',
    deviceType: 'PTZ',
    gatewayType: 'Crane Gateway',
    deviceCount: 55,
    deviceName: (n, r) => `Crane ${Math.ceil(n / 2)} ${r.pick(['Hook', 'Spreader', 'Cabin'])} Camera`,
  },
  {
    owner: 2,
    productName: 'Wind Farm Turbines',
    descr: 'Nacelle cameras on the offshore turbines',
    productIndustry: 'Energy',
    productCategory: 'Edge Camera',
    deviceType: 'Edge Camera',
    gatewayType: 'Edge Gateway',
    deviceCount: 30,
    deviceName: (n) => `Turbine T${String(n).padStart(2, '0')} Nacelle Camera`,
  },
  {
    owner: 2,
    productName: 'Pilot Kit',
    descr: 'New product, no devices registered yet',
    productIndustry: 'Energy',
    productCategory: 'Edge Camera',
    deviceType: 'Edge Camera',
    gatewayType: 'Edge Gateway',
    deviceCount: 0,
    deviceName: (n) => `Pilot Camera ${n}`,
  },
  // Platforms of the GB28181 family are run in Chinese: names in Han characters (some long, to be
  // shortened in the middle by width, not by count), owned by the user whose credentials are printed.
  // Last in the list, so every product and device before them keeps its seeded values.
  {
    owner: 0,
    productName: '园区周界监控',
    descr: '厂区围墙、大门和岗亭的固定摄像机',
    productIndustry: '安防',
    productCategory: '网络摄像机',
    deviceType: 'IPC',
    gatewayType: 'NVR',
    deviceCount: 24,
    deviceName: (n, r) =>
      n % 5 === 0
        ? `一号办公楼东侧地面停车场出入口全景摄像机${n}`
        : `${r.pick(['东门', '西门', '南门', '北门', '围墙'])}${Math.ceil(n / 2)}号${r.pick(['枪机', '球机', '半球'])}`,
  },
  {
    owner: 0,
    productName: '地铁站台视频',
    descr: '地铁站台两端与换乘通道的摄像机',
    productIndustry: '交通',
    productCategory: '球型摄像机',
    deviceType: 'Dome',
    gatewayType: '站点网关',
    deviceCount: 16,
    deviceName: (n, r) =>
      `${r.pick(['人民广场站', '火车站', '体育中心站', '滨江大道站'])}${Math.ceil(n / 2)}号站台${r.pick(['上行', '下行'])}`,
  },
];

/** Names of the seeded users, in order; user 0's credentials are printed. */
export const USER_NAMES = ['Control Room Operations', 'Facilities Contractor', 'Energy Division'] as const;

/** The index of the product whose credentials are printed: a modest one. */
export const CREDENTIAL_PRODUCT_INDEX = 1;
