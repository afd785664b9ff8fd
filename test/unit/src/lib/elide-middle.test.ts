import { describe, expect, it } from 'vitest';
import { elideMiddle, splitForElision } from '../../../../src/lib/elide-middle';

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

  it('does not split a character made of two code units', () => {
    expect(elideMiddle('📷📷📷📷📷📷📷📷', 5)).toBe('📷📷…📷📷');
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
});
