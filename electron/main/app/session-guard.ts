import type { Session } from 'electron';
import { createLogger } from '../../core/logger';

const log = createLogger('window');

/**
 * Permissions the wall may use, and only from its own origin.
 *
 * fullscreen: a tile can go full screen. clipboard-sanitized-write: "copy" buttons (device keys,
 * URLs) write plain text; nothing can read the clipboard. Everything else (camera, microphone,
 * geolocation, notifications, HID/serial/USB, …) is refused: a video wall needs none of it.
 */
const ALLOWED_PERMISSIONS = new Set(['fullscreen', 'clipboard-sanitized-write']);

/** Whether `permission` may be granted to a page at `url`. */
function isPermissionAllowed(
  permission: string,
  url: string,
  isTrustedUrl: (url: string) => boolean,
): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isTrustedUrl(url);
}

/** Deny-by-default permission handlers on the session that carries the wall (security checklist, item 5). */
export function guardSession(session: Session, isTrustedUrl: (url: string) => boolean): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const allowed = isPermissionAllowed(permission, details.requestingUrl, isTrustedUrl);
    if (!allowed) log.warn(`permission request refused: ${permission}`);
    callback(allowed);
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, isTrustedUrl),
  );
  // WebHID / WebSerial / WebUSB device access: never.
  session.setDevicePermissionHandler(() => false);
}
