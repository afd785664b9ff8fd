import { describe, expect, it } from 'vitest';
import { catalogModeFor, catalogRefusals } from '../../../../../src/features/catalog/catalog-mode';
import { startI18n } from '../../../../../src/i18n/start-i18n';

// The catalog's words are the English catalog's (the texts below are the app's exact English).
startI18n('en');

describe('catalog mode per credential type', () => {
  it('follows the spec’s matrix', () => {
    expect(catalogModeFor('user', { userKey: 'u', authKey: 'a' })).toBe('products');
    expect(catalogModeFor('product', { productKey: 'pk', queryKey: 'q' })).toBe('own-product');
    expect(catalogModeFor('project', { projectKey: 'pj', projectAuthKey: 'k' })).toBe('ask-product');
    expect(catalogModeFor('device', { deviceKey: 'dk' })).toBe('single-device');
  });

  it('explains what a type cannot list, and nothing for User', () => {
    expect(catalogRefusals('user')).toEqual([]);
    expect(catalogRefusals('product')).toEqual([
      'Product credentials cannot list own products; only User credentials can.',
    ]);
    expect(catalogRefusals('device')).toHaveLength(2);
    expect(catalogRefusals('device')[1]).toMatch(/Device credentials cannot list the devices of a product/);
  });
});
