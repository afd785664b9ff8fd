import type { en } from './resources';

// Keys are typed from the English catalogs: t('catalog:products.title') is checked, a typo fails tsc.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
  }
}
