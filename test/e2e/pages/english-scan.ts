import type { Locator } from 'playwright-core';
import { DEFAULT_ROOM_ROOT } from '../../../electron/shared/room';
import { LANGUAGE_NAMES } from '../../../src/i18n/languages';

/**
 * The one scan of a Chinese screen for English words (issue #32), shared by the zh-CN specs: the
 * Latin words of a region's text, its labels, titles and placeholders, once the data is taken out.
 *
 * Data a screen shows as it came is not the app's words: the operator's and the platform's names
 * (given by the spec), URLs and host names, the codes below, what a text box holds, and what the
 * page marks `[data-core-words]` (the core's or the platform's own text, shown as sent).
 */

/**
 * Latin words a Chinese screen may show: field names and data types of the spec, protocols, file
 * formats, the keys of a keyboard, OS names, and unit symbols (kbit/s, Mpx/s).
 */
const CODES = new Set(
  [
    'userKey authKey authSecret productKey queryKey querySecret deviceKey queryToken projectKey',
    'projectAuthKey projectAuthSecret key URL HTTP HTTPS http https ws wss NAT WebRTC WebCodecs WebSocket FLV',
    'HLS MPEG TS fMP4 MP4 WS Enter Esc Alt Ctrl PIN Windows macOS Linux fps Mac host port CPU',
    'deviceStatus productStatus JSON CSV PNG YYYY Shift Delete Tab kbit Mbit Gbit kpx Mpx Gpx SIP',
    'INTEGER FLOAT DOUBLE STRING',
  ]
    .join(' ')
    .split(' ')
    .map((w) => w.toLowerCase()),
);

/**
 * Data every screen may show: each language by its own name (Settings › Language), and the control
 * room's default topic root (a code, offered as an example).
 */
const APP_DATA = [...Object.values(LANGUAGE_NAMES), DEFAULT_ROOM_ROOT];

/** The English words of a screen's text once its data (names, addresses, versions) is taken out. */
export async function englishWords(where: Locator, data: readonly string[]): Promise<string[]> {
  let text = await where.evaluate((root) => {
    // The core's own words (marked data-core-words) are shown as they came, for now: left out.
    const el = root.cloneNode(true) as HTMLElement;
    for (const core of el.querySelectorAll('[data-core-words]')) core.remove();
    // A name shortened in the middle is read whole (its title), so the data it is can be taken out.
    for (const name of el.querySelectorAll('[data-testid="mid-ellipsis"][title]'))
      name.textContent = name.getAttribute('title');
    // What a box holds is data (the diagnostics report is the core's, in English for support).
    for (const box of el.querySelectorAll('textarea')) box.remove();
    // What a block of code shows is data (a product's extendData as the platform sent it).
    for (const code of el.querySelectorAll('pre')) code.remove();
    // What is said to a screen reader counts too: labels and titles.
    const said = [...el.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((e) =>
      ['aria-label', 'title', 'placeholder'].map((a) => e.getAttribute(a) ?? ''),
    );
    // Each text node apart (textContent would glue "userKey" and "authKey" of two labels together).
    const texts: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.nodeValue ?? '');
    return [...texts, ...said].join('\n');
  });
  // The longest first, so a name that holds a shorter one is taken out whole.
  for (const d of [...data, ...APP_DATA].filter(Boolean).sort((a, b) => b.length - a.length))
    text = text.split(d).join(' ');
  text = text.replace(/\b[a-z]+:\/\/\S+/gi, ' ').replace(/\b[\w.-]+\.(com|net|org)(:\d+)?\b/g, ' ');
  // Codec strings (avc1.64001f, mp4a.40.2) and the players' library names (mpegts.js, hls.js).
  text = text.replace(/\b[a-z][a-z0-9]{3}\.[0-9a-f.]+\b/gi, ' ').replace(/\b[\w-]+\.js\b/g, ' ');
  return [...new Set(text.match(/[A-Za-z][A-Za-z0-9-]{2,}/g) ?? [])]
    .flatMap((w) => w.split('-'))
    .filter((w) => w.length > 2 && !CODES.has(w.toLowerCase()));
}

/** Where a scan's words are (element, test id, its own text): for a person reading a failure. */
export function whereWords(where: Locator, words: readonly string[]): Promise<string> {
  return where.evaluate((root, wanted) => {
    const out: string[] = [];
    for (const el of root.querySelectorAll('*')) {
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.nodeValue ?? '')
        .join(' ');
      const said = ['aria-label', 'title', 'placeholder'].map((a) => el.getAttribute(a) ?? '').join(' ');
      const found = wanted.filter((w) => own.includes(w) || said.includes(w));
      if (found.length === 0) continue;
      const id = el.getAttribute('data-testid');
      const tag = `<${el.tagName.toLowerCase()}${id ? ` data-testid="${id}"` : ''} class="${el.getAttribute('class') ?? ''}">`;
      out.push(`  ${found.join(', ')}: ${tag} ${own.trim().slice(0, 100)} ${said.trim().slice(0, 100)}`);
    }
    return out.slice(0, 20).join('\n');
  }, words);
}
