import i18next from 'i18next';

/**
 * A problem of the Room settings in the operator's language.
 *
 * The shared room schema (electron/shared/room.ts) and the core's room:configure word their findings
 * in English, with the values in them. Each known wording is read back here into its catalog key and
 * values (English gives back the same text, a screen named by its number rather than `screens[0]`);
 * a message no rule knows is shown as it came.
 */
type Rule = [RegExp, (m: RegExpExecArray) => string];

const RULES: Rule[] = [
  [/^a name is required$/, () => i18next.t('room:problems.nameRequired')],
  [/^at most (\d+) characters$/, (m) => i18next.t('room:problems.maxChars', { max: m[1] })],
  [/^at most (\d+) screens$/, (m) => i18next.t('room:problems.maxScreens', { max: m[1] })],
  [
    /^letters, digits, "\.", "_" or "-", starting with a letter or digit$/,
    () => i18next.t('room:problems.namePattern'),
  ],
  [
    /^topic levels of letters, digits, "\.", "_" or "-" joined by "\/"$/,
    () => i18next.t('room:problems.rootPattern'),
  ],
  [
    /^an mqtt:\/\/, mqtts:\/\/, ws:\/\/ or wss:\/\/ address with a host$/,
    () => i18next.t('room:problems.brokerUrlForm'),
  ],
  [
    /^the room needs a broker address, or this PC hosting the broker$/,
    () => i18next.t('room:problems.brokerUrlNeeded'),
  ],
  [
    /^"(.*)" is already the name of screens\[(\d+)\]$/s,
    (m) => i18next.t('room:problems.nameTaken', { name: m[1], number: String(Number(m[2]) + 1) }),
  ],
  [
    /^the hosted broker listens on (.+) \(beyond this PC\) only with a username and password: set both, or listen on 127\.0\.0\.1$/s,
    (m) => i18next.t('room:problems.hostNeedsLogin', { host: m[1] }),
  ],
  [/^not a screen of this PC$/, () => i18next.t('room:problems.notThisPc')],
];

/** `message` in the operator's language when it is one the room's rules say, else as it came. */
export function roomProblemText(message: string): string {
  for (const [pattern, word] of RULES) {
    const m = pattern.exec(message);
    if (m) return word(m);
  }
  return message;
}
