import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => ({ default: {} }));

import { isAppUrl } from '../../../../electron/main/app/app-origin';
import { guardSession } from '../../../../electron/main/app/session-guard';

type RequestHandler = (
  wc: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string },
) => void;
type CheckHandler = (wc: unknown, permission: string, requestingOrigin: string) => boolean;

function guardedSession() {
  const session = {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
  };
  guardSession(session as never, isAppUrl);
  const request = session.setPermissionRequestHandler.mock.calls[0][0] as RequestHandler;
  const check = session.setPermissionCheckHandler.mock.calls[0][0] as CheckHandler;
  const device = session.setDevicePermissionHandler.mock.calls[0][0] as () => boolean;
  const ask = (permission: string, url: string) => {
    const callback = vi.fn();
    request(null, permission, callback, { requestingUrl: url });
    expect(callback).toHaveBeenCalledTimes(1);
    return callback.mock.calls[0][0] as boolean;
  };
  return { ask, check, device };
}

describe('guardSession', () => {
  it.each([
    'media',
    'geolocation',
    'notifications',
    'midi',
    'openExternal',
    'clipboard-read',
    'pointerLock',
    'display-capture',
    'hid',
    'serial',
    'usb',
  ])('denies %s, even to the app', (permission) => {
    const { ask, check } = guardedSession();
    expect(ask(permission, 'app://wall/index.html')).toBe(false);
    expect(check(null, permission, 'app://wall')).toBe(false);
  });

  it('grants fullscreen and sanitized clipboard writes to the app only', () => {
    const { ask, check } = guardedSession();
    expect(ask('fullscreen', 'app://wall/index.html')).toBe(true);
    expect(check(null, 'clipboard-sanitized-write', 'app://wall')).toBe(true);
    expect(ask('fullscreen', 'https://evil.example/')).toBe(false);
    expect(check(null, 'fullscreen', 'https://evil.example')).toBe(false);
    expect(check(null, 'fullscreen', 'null')).toBe(false);
  });

  it('refuses every device (HID, serial, USB)', () => {
    expect(guardedSession().device()).toBe(false);
  });
});
