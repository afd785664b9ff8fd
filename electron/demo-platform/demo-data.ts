import type { Device, Product } from '../shared/domain';

/** The printed credentials: one working set per credential type. */
export interface DemoCredentials {
  user: { userKey: string; authKey: string; authSecret: string };
  product: { productKey: string; queryKey: string; querySecret: string };
  device: { deviceKey: string; queryToken: string };
  project: { projectKey: string; projectAuthKey: string; projectAuthSecret: string };
}

export interface DemoUser {
  userKey: string;
  authKey: string;
  authSecret: string;
  name: string;
}

/**
 * A project: where archive templates live.
 *
 * Projects are not a resource of the spec, only a path parameter and a credential type, so the
 * demo decides: a project belongs to one user.
 */
export interface DemoProject {
  projectKey: string;
  projectAuthKey: string;
  projectAuthSecret: string;
  userKey: string;
  name: string;
}

/** The national-standard (GB28181-style) ids of a device's video channel, for the media side. */
export interface DeviceChannel {
  sipId: string;
  channelId: string;
}

/**
 * Everything the demo platform serves, generated from one seed.
 *
 * `products` and `devices` hold exactly what the API returns; the secrets and the media ids sit
 * beside them so a listed record never carries them.
 */
export interface DemoData {
  readonly seed: number;
  readonly users: readonly DemoUser[];
  readonly projects: readonly DemoProject[];
  /** In creation order, the order the API lists them. */
  readonly products: readonly Product[];
  /** In creation order; devices with productKey null belong to no product's list. */
  readonly devices: readonly Device[];
  readonly productByKey: ReadonlyMap<string, Product>;
  readonly deviceByKey: ReadonlyMap<string, Device>;
  readonly devicesByProduct: ReadonlyMap<string, readonly Device[]>;
  readonly productSecrets: ReadonlyMap<string, { queryKey: string; querySecret: string }>;
  readonly deviceTokens: ReadonlyMap<string, string>;
  readonly channels: ReadonlyMap<string, DeviceChannel>;
  readonly credentials: DemoCredentials;
}
