import { canPerform, refusalMessage, type Device, type Operation, type Product } from '../shared/domain';
import type { Caller } from './caller';
import type { DemoData, DemoProject } from './demo-data';
import { DemoHttpError } from './media-backend';

const forbidden = (message: string) => new DemoHttpError(403, 'FORBIDDEN', message);
const notFound = (what: string, key: string) =>
  new DemoHttpError(404, 'NOT_FOUND', `No ${what} with the key "${key}".`);

/**
 * Who may reach what, beyond the per-operation matrix.
 *
 * - User credentials reach the user's own products, devices and projects.
 * - Product credentials reach their product and its devices only.
 * - Device credentials reach their device only.
 * - Project credentials: projects are not a resource of the spec, so the demo decides that a
 *   project acts for the user who owns it: it may list the devices of any of that user's products
 *   and stream any of that user's devices, but add templates only to its own project.
 *
 * A credential that can only ever reach one resource (product, device, project) is refused with
 * 403 for any other key, known or not, so it cannot be used to probe which keys exist.
 */
export class AccessRules {
  private readonly projects: ReadonlyMap<string, DemoProject>;

  constructor(private readonly data: DemoData) {
    this.projects = new Map(data.projects.map((p) => [p.projectKey, p]));
  }

  requireOperation(caller: Caller, operation: Operation): void {
    if (!canPerform(caller.type, operation)) throw forbidden(refusalMessage(caller.type, operation));
  }

  device(caller: Caller, deviceKey: string): Device {
    if (caller.type === 'device' && caller.deviceKey !== deviceKey)
      throw forbidden('Device credentials reach only their own device.');
    const device = this.data.deviceByKey.get(deviceKey);
    if (!device) throw notFound('device', deviceKey);
    switch (caller.type) {
      case 'user':
        if (device.userKey !== caller.user.userKey) throw forbidden('This device belongs to another user.');
        break;
      case 'project':
        if (device.userKey !== caller.project.userKey)
          throw forbidden("This device does not belong to the project owner's account.");
        break;
      case 'product':
        if (device.productKey !== caller.productKey)
          throw forbidden("Product credentials reach only their own product's devices.");
        break;
    }
    return device;
  }

  product(caller: Caller, productKey: string): Product {
    if (caller.type === 'product' && caller.productKey !== productKey)
      throw forbidden('Product credentials reach only their own product.');
    const product = this.data.productByKey.get(productKey);
    if (!product) throw notFound('product', productKey);
    if (caller.type === 'user' && product.userKey !== caller.user.userKey)
      throw forbidden('This product belongs to another user.');
    if (caller.type === 'project' && product.userKey !== caller.project.userKey)
      throw forbidden("This product does not belong to the project owner's account.");
    return product;
  }

  project(caller: Caller, projectKey: string): DemoProject {
    if (caller.type === 'project' && caller.project.projectKey !== projectKey)
      throw forbidden('Project credentials can add templates only to their own project.');
    const project = this.projects.get(projectKey);
    if (!project) throw notFound('project', projectKey);
    if (caller.type === 'user' && project.userKey !== caller.user.userKey)
      throw forbidden('This project belongs to another user.');
    return project;
  }
}
