import { describe, expect, it } from 'vitest';
import { ByteRate } from '../../../../../src/lib/players/byte-rate';

describe('ByteRate', () => {
  it('turns bytes over the window into kbit/s and forgets old bytes', () => {
    let now = 0;
    const rate = new ByteRate(() => now, 4000);
    expect(rate.kbps()).toBeNull();
    for (let i = 0; i < 4; i++) {
      now = i * 1000;
      rate.add(125_000); // 1 Mbit each second
    }
    expect(rate.kbps()).toBe(1000);
    now = 10_000;
    expect(rate.kbps()).toBeNull();
  });
});
