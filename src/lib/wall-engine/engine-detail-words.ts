import i18next from 'i18next';
import enTiles from '../../i18n/locales/en/tiles.json';
import { currentLanguage } from '../../i18n/start-i18n';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The details the wall engine writes itself (tile-attempts.ts, failure.ts), in the app's language.
 *
 * The engine keeps them in English: they are its record (the tile's snapshot, the operator log's
 * English reason) and read the same in every entry. Where one is shown it is worded here; the
 * English of each key reproduces the engine's text exactly. The players' fixed details ("the media
 * server closed the stream") are worded the same way; a detail from the platform, or a player's
 * detail that quotes the browser or a server, is not the app's: null, and it is shown as it came.
 */
const ENGINE_DETAILS: readonly [RegExp, (m: RegExpExecArray, lng: string) => string][] = [
  [
    /^The media server answered HTTP (\d+)$/,
    (m, lng) => i18next.t('tiles:failure.mediaServerStatus', { lng, status: m[1] }),
  ],
  [/^no new frame for (\d+) s$/, (m, lng) => i18next.t('tiles:engineDetail.noFrame', { lng, seconds: m[1] })],
  [
    /^no video arrived within (\d+) s$/,
    (m, lng) => i18next.t('tiles:engineDetail.noVideo', { lng, seconds: m[1] }),
  ],
  [
    /^another tile of this profile was refused$/,
    (_m, lng) => i18next.t('tiles:engineDetail.profileRefused', { lng }),
  ],
  // choose-source.ts: why no address of the stream can play here.
  [
    /^this computer cannot decode (H\.26[45]) video \((.*)\)$/,
    (m, lng) => i18next.t('tiles:engineDetail.cannotDecode', { lng, family: m[1], codec: m[2] }),
  ],
  ...(['connectionsInUse', 'noBrowserAddress', 'noEnabledTransport'] as const).map(
    (key): [RegExp, (m: RegExpExecArray, lng: string) => string] => [
      new RegExp(`^${escapeRegExp(enTiles.engineDetail[key])}$`),
      (_m, lng) => i18next.t(`tiles:engineDetail.${key}`, { lng }),
    ],
  ),
  // The players' own fixed details (src/lib/players): words of this app, not of a server.
  ...(Object.keys(enTiles.playerDetail) as (keyof typeof enTiles.playerDetail)[]).map(
    (key): [RegExp, (m: RegExpExecArray, lng: string) => string] => [
      new RegExp(`^${escapeRegExp(enTiles.playerDetail[key])}$`),
      (_m, lng) => i18next.t(`tiles:playerDetail.${key}`, { lng }),
    ],
  ),
  // unplayable.ts: what the platform offered and what this computer plays.
  [
    /^the platform returned no stream address; this computer plays (.+)$/,
    (m, lng) => i18next.t('tiles:engineDetail.noAddress', { lng, plays: relist(m[1], lng) }),
  ],
  [
    /^the platform offered (only )?(.+) addresses; this computer plays (.+) \(as set in the transport order\)$/,
    (m, lng) =>
      i18next.t(m[1] ? 'tiles:engineDetail.offeredOnly' : 'tiles:engineDetail.offered', {
        lng,
        kinds: relist(m[2], lng),
        plays: relist(m[3], lng),
      }),
  ],
  [
    /^the stream is (H\.26[45]) \((.*)\), which this computer cannot decode; it plays (.+)$/,
    (m, lng) =>
      m[3] === 'no video format through the browser'
        ? i18next.t('tiles:engineDetail.codecNone', { lng, family: m[1], codec: m[2] })
        : i18next.t('tiles:engineDetail.codec', { lng, family: m[1], codec: m[2], plays: relist(m[3], lng) }),
  ],
];

/**
 * unplayable.ts's English list ("WS-FLV, HTTP-FLV and HLS") joined again in the language. The items
 * are transport and protocol names (no comma, no " and "), the same in every language but two words.
 */
function relist(english: string, lng: string): string {
  const items = english
    .split(/, | and /)
    .map((item) =>
      item === 'nothing' || item === 'unrecognised' ? i18next.t(`tiles:engineDetail.${item}`, { lng }) : item,
    );
  if (items.length <= 1) return items.join('');
  return i18next.t('tiles:engineDetail.listLast', {
    lng,
    names: items.slice(0, -1).join(i18next.t('tiles:engineDetail.listSeparator', { lng })),
    last: items.at(-1),
  });
}

/** The engine's own detail in the language; null when the detail is not the engine's. */
export function engineDetailText(detail: string, language: string = currentLanguage()): string | null {
  for (const [pattern, words] of ENGINE_DETAILS) {
    const match = pattern.exec(detail);
    if (match) return words(match, language);
  }
  return null;
}
