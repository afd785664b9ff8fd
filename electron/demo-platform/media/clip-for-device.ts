import type { Clip } from './clip-library';
import { fnv1a } from './fnv1a';

/**
 * Which clip a device shows, the same on every run: a device key containing "720" gets the 1280×720
 * load-test clip; every other device gets one of the 640×360 clips by a hash of its key.
 */
export function clipForDevice(deviceKey: string, clips: readonly Clip[]): Clip {
  const hd = clips.filter((c) => c.hd);
  const sd = clips.filter((c) => !c.hd);
  if (deviceKey.includes('720') && hd.length > 0) return hd[fnv1a(deviceKey) % hd.length];
  const pool = sd.length > 0 ? sd : clips;
  return pool[fnv1a(deviceKey) % pool.length];
}
