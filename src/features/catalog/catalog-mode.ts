import i18next from 'i18next';
import { canPerform, OPERATION_MATRIX, type CredentialType } from '../../../electron/shared/domain';
import { formatOrList } from '../../i18n/format';

/**
 * What the catalog shows for a credential type, decided from the spec's matrix:
 *
 * - products: User credentials list their products, then a product's devices.
 * - own-product: Product credentials list the devices of their own product directly.
 * - ask-product: Project credentials may list devices but own no product list: the operator gives a
 *   productKey.
 * - single-device: Device credentials reach only their own device (stream only).
 */
export type CatalogMode = 'products' | 'own-product' | 'ask-product' | 'single-device';

export function catalogModeFor(type: CredentialType, keys: Record<string, string>): CatalogMode {
  if (canPerform(type, 'listProducts')) return 'products';
  if (canPerform(type, 'listDevices')) return keys.productKey ? 'own-product' : 'ask-product';
  return 'single-device';
}

/** A credential type as the operator reads it ("User", "用户"). */
const typeName = (type: CredentialType) => i18next.t(`common:credentialType.${type}`);

/** Why the catalog looks the way it does for this type: the refusals, in the matrix's words. */
export function catalogRefusals(type: CredentialType): string[] {
  return (['listProducts', 'listDevices'] as const)
    .filter((op) => !canPerform(type, op))
    .map((op) =>
      i18next.t(`catalog:refusal.${op}`, {
        type: typeName(type),
        allowed: formatOrList(OPERATION_MATRIX[op].map(typeName)),
      }),
    );
}
