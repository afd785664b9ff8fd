import { describe, expect, it } from 'vitest';
import { ByteRate } from '../../../../../src/lib/players/byte-rate';

describe('ByteRate', () => {
  it('turns bytes over the window into kbit/s and forgets old bytes', () => {
    let now = 0;
    const rate = new ByteRate(() => now, 4000);
    expect(rate.kbps()).toBeNull();
    for (let i = 1; i <= 4; i++) {
      now = i * 1000;
      rate.add(125_000); // 1 Mbit each second, at its end
    }
    expect(rate.kbps()).toBe(1000);
    now = 10_000;
    expect(rate.kbps()).toBeNull();
  });

  it('reads the first seconds over the time counted, not the whole window', () => {
    let now = 0;
    const rate = new ByteRate(() => now, 4000);
    now = 2000;
    rate.add(250_000); // 2 Mbit in the first two seconds
    expect(rate.kbps()).toBe(1000);
    // A first burst (a GOP cache sent at once) reads as what came in a second, not in an instant.
    const burst = new ByteRate(() => now, 4000);
    now += 100;
    burst.add(62_500);
    expect(burst.kbps()).toBe(500);
  });
});
