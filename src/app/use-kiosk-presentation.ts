import { useState } from 'react';
import { useKioskStatus, type KioskView } from './settings/use-kiosk-status';
import { useSettings } from './settings/use-settings';

export interface KioskPresentation {
  /** The settings have arrived: until then the shell shows nothing (a kiosk must not flash the full shell). */
  ready: boolean;
  /** The wall only: no catalog, templates, profile switching, settings or editing. */
  on: boolean;
  /** Kiosk mode is on (the full shell shows only for an administrator). */
  kiosk: boolean;
  /** The lock as the core says it is, with an administrator's unlock. */
  lock: KioskView;
  /** The Admin way in: the full shell (an unlocked kiosk), or the PIN (a locked one). */
  askAdmin(): void;
  /** The PIN is being asked for. */
  askingPin: boolean;
  closePin(): void;
  /** Back to the wall only (an administrator done, before the unlock runs out). */
  backToKiosk(): void;
}

/**
 * What a kiosk's screen shows: with kiosk mode on, the wall only, as the core's lock already rules
 * (the core refuses every change while locked; this is the screen matching it). An administrator
 * gets the full shell back with "Admin": at once on an unlocked kiosk, with the admin PIN on a locked
 * one, until the unlock runs out (or "Kiosk view"); then the wall only again.
 */
export function useKioskPresentation(): KioskPresentation {
  const { settings } = useSettings();
  const lock = useKioskStatus();
  const [admin, setAdmin] = useState(false);
  const [askingPin, setAskingPin] = useState(false);
  const kiosk = settings?.kiosk.enabled ?? false;
  const locked = settings?.kiosk.locked ?? lock.status?.locked ?? false;
  // Locked: only a running unlock opens the shell, so it closes again by itself when the unlock ends.
  const open = locked ? admin && !lock.lockedNow : admin;
  // An unlock that just went through: the PIN dialog has done its work.
  if (askingPin && locked && !lock.lockedNow) {
    setAskingPin(false);
    setAdmin(true);
  }
  return {
    ready: settings !== null,
    on: kiosk && !open,
    kiosk,
    lock,
    askingPin,
    askAdmin: () => {
      if (locked && lock.lockedNow) setAskingPin(true);
      else setAdmin(true);
    },
    closePin: () => setAskingPin(false),
    backToKiosk: () => {
      setAdmin(false);
      setAskingPin(false);
    },
  };
}
