import { Menu, type BrowserWindow, type Event, type Input } from 'electron';

export interface KioskState {
  enabled: boolean;
  locked: boolean;
}

type KioskWindow = Pick<BrowserWindow, 'setKiosk' | 'isDestroyed'> & {
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

  constructor(private readonly window: KioskWindow) {
    this.normalMenu = Menu.getApplicationMenu();
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

  apply(state: KioskState): void {
    this.state = { ...state };
    if (this.window.isDestroyed()) return;
    this.window.setKiosk(state.enabled);
    Menu.setApplicationMenu(state.enabled ? null : this.normalMenu);
    if (state.enabled && this.window.webContents.isDevToolsOpened()) this.window.webContents.closeDevTools();
  }
}
