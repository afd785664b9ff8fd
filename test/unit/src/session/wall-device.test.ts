import { describe, expect, it } from 'vitest';
import { wallDeviceOf } from '../../../../src/session/wall-device';

describe('wallDeviceOf', () => {
  it('carries key and name, and names a nameless device by its key', () => {
    expect(wallDeviceOf({ deviceKey: 'dk1', deviceName: 'Gate 1' })).toEqual({
      deviceKey: 'dk1',
      deviceName: 'Gate 1',
    });
    expect(wallDeviceOf({ deviceKey: 'dk2', deviceName: '' })).toEqual({
      deviceKey: 'dk2',
      deviceName: 'dk2',
    });
  });
});
