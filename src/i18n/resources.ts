import enApp from './locales/en/app.json';
import enCatalog from './locales/en/catalog.json';
import enCommon from './locales/en/common.json';
import enOperatorLog from './locales/en/operatorLog.json';
import enProfiles from './locales/en/profiles.json';
import enSettings from './locales/en/settings.json';
import enTemplates from './locales/en/templates.json';
import enComponents from './locales/en/components.json';
import enTiles from './locales/en/tiles.json';
import enWall from './locales/en/wall.json';
import enRoom from './locales/en/room.json';
import enErrors from './locales/en/errors.json';
import zhErrors from './locales/zh-CN/errors.json';
import zhRoom from './locales/zh-CN/room.json';
import zhWall from './locales/zh-CN/wall.json';
import zhApp from './locales/zh-CN/app.json';
import zhCatalog from './locales/zh-CN/catalog.json';
import zhCommon from './locales/zh-CN/common.json';
import zhOperatorLog from './locales/zh-CN/operatorLog.json';
import zhProfiles from './locales/zh-CN/profiles.json';
import zhSettings from './locales/zh-CN/settings.json';
import zhTemplates from './locales/zh-CN/templates.json';
import zhComponents from './locales/zh-CN/components.json';
import zhTiles from './locales/zh-CN/tiles.json';
import type { ResourceLanguage } from 'i18next';
import type { Language } from './languages';

/**
 * Every catalog, bundled (the app never fetches words over the network): one namespace per area of
 * the app, the same namespaces in every language. English is the source the keys are typed from.
 */
export const en = {
  common: enCommon,
  app: enApp,
  catalog: enCatalog,
  operatorLog: enOperatorLog,
  profiles: enProfiles,
  settings: enSettings,
  templates: enTemplates,
  components: enComponents,
  tiles: enTiles,
  wall: enWall,
  room: enRoom,
  errors: enErrors,
};

export type Namespace = keyof typeof en;
export const NAMESPACES = Object.keys(en) as Namespace[];

export const resources: Record<Language, ResourceLanguage> = {
  en,
  'zh-CN': {
    common: zhCommon,
    app: zhApp,
    catalog: zhCatalog,
    operatorLog: zhOperatorLog,
    profiles: zhProfiles,
    settings: zhSettings,
    templates: zhTemplates,
    components: zhComponents,
    tiles: zhTiles,
    wall: zhWall,
    room: zhRoom,
    errors: zhErrors,
  },
};
