import { Menu, type BrowserWindow, type Event, type Input } from 'electron';

export interface KioskState {
  enabled: boolean;
  locked: boolean;
}

type KioskWindow = Pick<BrowserWindow, 'setKiosk' | 'isDestroyed' | 'on'> & {
  webContents: Pick<BrowserWindow['webContents'], 'on' | 'closeDevTools' | 'isDevToolsOpened'>;
};

/** F12, Ctrl/Cmd+Shift+I/J/C and Cmd+Alt+I/J/C: the keys that open DevTools. */
export function opensDevTools(
  input: Pick<Input, 'type' | 'key' | 'control' | 'meta' | 'shift' | 'alt'>,
): boolean {
  if (input.type !== 'keyDown') return false;
  if (input.key === 'F12') return true;
  const letter = /^[ijc]$/i.test(input.key);
  return letter && (((input.control || input.meta) && input.shift) || (input.meta && input.alt));
}

/**
 * Kiosk mode on a wall window: fullscreen kiosk, no application menu, no DevTools, no context menu.
 *
 * Applied at start from the settings and again whenever they change. DevTools are refused three ways
 * (their keys swallowed, an opened one closed at once, the menu that offers them gone), because any
 * one of them left open lets a person at the keyboard script the page. The core refuses changes
 * while locked whatever the window does; this only keeps the screen from offering a way around it.
 */
export class KioskMode {
  private state: KioskState = { enabled: false, locked: false };
  private readonly normalMenu: Menu | null;
  private unlockedUntil: number | null = null;
  /** The app itself is quitting (its supervisor stopped it, the system shuts down): let it. */
  private quitting = false;

  constructor(
    private readonly window: KioskWindow,
    private readonly options: { now?: () => number; onRefusedClose?: () => void } = {},
  ) {
    this.normalMenu = Menu.getApplicationMenu();
    // A locked kiosk does not close at a keystroke (Alt+F4, the window's close button): only with the
    // admin PIN, or when the app itself quits (SIGTERM from the supervisor, a system shutdown).
    window.on('close', (event: Event) => {
      if (!this.mayClose()) {
        event.preventDefault();
        this.options.onRefusedClose?.();
      }
    });
    const contents = window.webContents;
    contents.on('before-input-event', (event: Event, input: Input) => {
      if (this.state.enabled && opensDevTools(input)) event.preventDefault();
    });
    contents.on('devtools-opened', () => {
      if (this.state.enabled) contents.closeDevTools();
    });
    contents.on('context-menu', (event: Event) => {
      if (this.state.enabled) event.preventDefault();
    });
  }

  /** An administrator's unlock (kiosk:changed), until when; null when locked again. */
  setUnlockedUntil(until: number | null): void {
    this.unlockedUntil = until;
  }

  /** Called on the app's before-quit: the quit is the app's own, not a person's at the keyboard. */
  allowQuit(): void {
    this.quitting = true;
  }

  mayClose(): boolean {
    if (this.quitting || !this.state.locked) return true;
    const now = (this.options.now ?? Date.now)();
    return this.unlockedUntil !== null && now < this.unlockedUntil;
  }

  apply(state: KioskState): void {
    this.state = { ...state };
    if (this.window.isDestroyed()) return;
    this.window.setKiosk(state.enabled);
    Menu.setApplicationMenu(state.enabled ? null : this.normalMenu);
    if (state.enabled && this.window.webContents.isDevToolsOpened()) this.window.webContents.closeDevTools();
  }
}
