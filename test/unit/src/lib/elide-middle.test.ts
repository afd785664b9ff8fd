import { describe, expect, it } from 'vitest';
import { graphemes, textColumns } from '../../../../src/lib/display-width';
import { elideMiddle, fitHead, splitForElision } from '../../../../src/lib/elide-middle';

describe('elideMiddle', () => {
  it('leaves a name that fits as it is', () => {
    expect(elideMiddle('Gate 3', 10)).toBe('Gate 3');
    expect(elideMiddle('0123456789', 10)).toBe('0123456789');
  });

  it('cuts the middle and keeps the distinguishing tail', () => {
    const a = elideMiddle('Perimeter Cameras NVR 12', 14);
    const b = elideMiddle('Perimeter Cameras NVR 13', 14);
    expect(a).toBe('Perimet…NVR 12');
    expect(b).toBe('Perimet…NVR 13');
    expect(Array.from(a)).toHaveLength(14);
  });

  it('drops the spaces next to the ellipsis', () => {
    expect(elideMiddle('North gate camera 7', 12)).toBe('North…era 7');
    expect(elideMiddle('Lobby west door 12', 11)).toBe('Lobby…or 12');
  });

  it('never returns more than maxChars characters, down to the ellipsis alone', () => {
    const name = 'Loading dock east 0042';
    for (let max = 0; max <= name.length; max++) {
      expect(Array.from(elideMiddle(name, max)).length).toBeLessThanOrEqual(max);
    }
    expect(elideMiddle(name, 1)).toBe('…');
    expect(elideMiddle(name, 0)).toBe('');
    expect(elideMiddle(name, 2)).toBe('L…');
  });

  it('does not split a character made of two code units, and counts an emoji two columns', () => {
    expect(elideMiddle('📷📷📷📷📷📷📷📷', 9)).toBe('📷📷…📷📷');
    expect(elideMiddle('📷📷📷📷📷📷📷📷', 5)).toBe('📷…📷');
  });

  it('counts a Han character two columns, so a Chinese name takes the room of its width', () => {
    // 21 characters, 41 columns: in a 16-column budget, 7 Han characters, not 15.
    const name = '一号办公楼东侧地面停车场出入口全景摄像机5';
    expect(elideMiddle(name, 16)).toBe('一号办公…摄像机5');
    expect(elideMiddle('北门3号枪机', 12)).toBe('北门3号枪机');
  });
});

describe('elideMiddle fills its room with wide characters', () => {
  it('gives the head a column the Han tail could not use, and the tail one the head could not', () => {
    // 15 columns: 7 for the tail ("摄像机" is 6: one left), the head takes 8 with it, not 7.
    expect(elideMiddle('Perimeter 一号摄像机', 15)).toBe('Perimete…摄像机');
    expect(textColumns(elideMiddle('Perimeter 一号摄像机', 15))).toBe(15);
    // 13 columns: the tail "NVR12" takes 5 of its 6 (a Han character does not fit in the sixth);
    // the head takes 8, four Han characters, not 7 (three, and a blank column).
    expect(elideMiddle('一号办公楼东侧停车场NVR12', 14)).toBe('一号办公…NVR12');
    expect(textColumns(elideMiddle('一号办公楼东侧停车场NVR12', 14))).toBe(14);
  });

  it('never exceeds its room, and fills it but for a column a wide character could not take', () => {
    // No spaces: a space beside the ellipsis is dropped, and its column with it.
    const names = ['一号办公楼东侧地面停车场出入口全景摄像机5', '北门3号枪机Gate12大厅', '📷Lobby大厅📷7'];
    for (const name of names)
      for (let max = 0; max <= textColumns(name) + 1; max++) {
        const out = elideMiddle(name, max);
        expect(textColumns(out), `${name} @${max}`).toBeLessThanOrEqual(max);
        if (textColumns(name) > max && max >= 4)
          expect(textColumns(out), `${name} @${max}`).toBeGreaterThanOrEqual(max - 1);
      }
  });
});

describe('fitHead: the head sized to its ellipsis, so the tail follows it with no gap', () => {
  // Widths as drawn: a Latin letter 7 px, a Han character 14 (two columns), the ellipsis 14.
  const measure = (text: string) => textColumns(text.replaceAll('…', '一')) * 7;

  it('keeps the longest prefix that fits with the ellipsis, and says how wide that is', () => {
    const head = '一号办公楼东侧地面停车场出入口全景';
    // 100 px: six Han characters (84) and the ellipsis (14) are 98; a seventh would be 112.
    expect(fitHead(head, 100, measure)).toEqual({ shown: 6, width: 98, cut: true });
    // In 111 px the same: the head's box is sized to the 98 drawn, where a box of the whole room
    // left 13 px of blank, nearly a character, between the ellipsis and the tail.
    expect(fitHead(head, 111, measure)).toEqual({ shown: 6, width: 98, cut: true });
    expect(fitHead(head, 112, measure)).toEqual({ shown: 7, width: 112, cut: true });
  });

  it('is the whole head, unshortened, where it fits', () => {
    expect(fitHead('Gate ', 100, measure)).toEqual({ shown: 5, width: 35, cut: false });
  });

  it('fills to within one character for every room, Latin, Han or both', () => {
    for (const head of ['Perimeter Cameras ', '一号办公楼东侧地面停车场', 'Cam 北门 3号 枪机 '])
      for (let room = 14; room <= measure(head); room++) {
        const fit = fitHead(head, room, measure);
        expect(fit.width, `${head} @${room}`).toBeLessThanOrEqual(room);
        if (!fit.cut) continue;
        // One grapheme more, with the ellipsis, would not fit.
        const more = graphemes(head)
          .slice(0, fit.shown + 1)
          .join('')
          .trimEnd();
        expect(measure(`${more}…`), `${head} @${room}`).toBeGreaterThan(room);
      }
  });

  it('shows nothing of the head in a room narrower than the ellipsis', () => {
    expect(fitHead('一号办公楼', 10, measure)).toEqual({ shown: 0, width: 0, cut: true });
  });
});

describe('splitForElision', () => {
  it('keeps a short name whole in the head', () => {
    expect(splitForElision('Gate 3')).toEqual({ head: 'Gate 3', tail: '' });
  });

  it('starts the tail at a word boundary near the end', () => {
    expect(splitForElision('Perimeter Cameras NVR 12')).toEqual({
      head: 'Perimeter Cameras ',
      tail: 'NVR 12',
    });
    expect(splitForElision('Perimeter Cameras NVR 12 channel-0007')).toEqual({
      head: 'Perimeter Cameras NVR 12 ',
      tail: 'channel-0007',
    });
  });

  it('takes a shorter tail from the next word start rather than a tail starting with a space', () => {
    expect(splitForElision('Perimeter Cameras NVR 1')).toEqual({ head: 'Perimeter Cameras ', tail: 'NVR 1' });
    expect(splitForElision('Warehouse B PTZ channel 7')).toEqual({
      head: 'Warehouse B PTZ ',
      tail: 'channel 7',
    });
  });

  it('cuts inside a long last word when no boundary is near', () => {
    const { head, tail } = splitForElision('camera_0000000000000000000042');
    expect(head + tail).toBe('camera_0000000000000000000042');
    expect(tail).toBe('000042');
  });

  it('chooses the tail by width: a Chinese tail is half as many characters as a Latin one', () => {
    // No word boundary in Chinese: the shortest tail of 6 columns or more.
    expect(splitForElision('一号办公楼东侧地面停车场出入口全景摄像机5')).toEqual({
      head: '一号办公楼东侧地面停车场出入口全景',
      tail: '摄像机5',
    });
    expect(splitForElision('一号办公楼东侧地面停车场出入口全景摄像机10')).toEqual({
      head: '一号办公楼东侧地面停车场出入口全景摄',
      tail: '像机10',
    });
    // 12 columns is short enough to show whole: six Han characters need no split.
    expect(splitForElision('体育中心站台')).toEqual({ head: '体育中心站台', tail: '' });
    // Where a number follows Han characters, the tail starts with it, if it fits.
    expect(splitForElision('体育中心站4号站台下行')).toEqual({ head: '体育中心站', tail: '4号站台下行' });
    expect(splitForElision('体育中心站12号站台下行')).toEqual({ head: '体育中心站', tail: '12号站台下行' });
    expect(splitForElision('体育中心站12号站台上下行')).toEqual({
      head: '体育中心站12号站台',
      tail: '上下行',
    });
    // Even where the shortest tail starts with the number: no shorter tail is looked for after it.
    expect(splitForElision('一号办公楼东侧停车场1 号口')).toEqual({
      head: '一号办公楼东侧停车场',
      tail: '1 号口',
    });
  });

  it('chooses the tail by width in Japanese and Korean, and cuts at their separators', () => {
    expect(splitForElision('東京駅八重洲口改札カメラ12')).toEqual({
      head: '東京駅八重洲口改札カ',
      tail: 'メラ12',
    });
    expect(splitForElision('東京駅八重洲口・改札カメラ')).toEqual({
      head: '東京駅八重洲口・',
      tail: '改札カメラ',
    });
    expect(splitForElision('정문 주차장 카메라 7')).toEqual({ head: '정문 주차장 ', tail: '카메라 7' });
    // Fullwidth forms are wide too; the fullwidth comma and the ideographic comma end a word.
    expect(splitForElision('园区东门，ＮＶＲ１２')).toEqual({ head: '园区东门，', tail: 'ＮＶＲ１２' });
    expect(splitForElision('园区东门、围墙摄像机')).toEqual({ head: '园区东门、', tail: '围墙摄像机' });
  });

  it('keeps the Latin word of a mixed name whole when it fits in the tail', () => {
    expect(splitForElision('一号办公楼停车场 NVR 12')).toEqual({ head: '一号办公楼停车场 ', tail: 'NVR 12' });
    expect(splitForElision('一号办公楼停车场camera-0042')).toEqual({
      head: '一号办公楼停车场camera-',
      tail: '0042',
    });
  });

  it('never splits an emoji or a letter with its accent', () => {
    const flags = '🇨🇳🇯🇵🇰🇷🇺🇸🇫🇷🇩🇪🇬🇧';
    const family = 'Lobby 👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦';
    const accents = 'Cafe\u0301 terrasse cafe\u0301e\u0301';
    for (const name of [flags, family, accents]) {
      const { head, tail } = splitForElision(name);
      expect(head + tail).toBe(name);
      expect(Array.from(new Intl.Segmenter().segment(tail), (s) => s.segment)[0]).not.toMatch(
        /^(?:\p{M}|\u200D|\p{RI})$/u,
      );
    }
    expect(splitForElision(flags).tail).toBe('🇫🇷🇩🇪🇬🇧');
    expect(splitForElision(family)).toEqual({ head: 'Lobby ', tail: '👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦' });
    expect(splitForElision(family.replace(' ', '')).tail).toBe('👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦');
    expect(splitForElision(accents).tail).toBe('cafe\u0301e\u0301');
  });
});
