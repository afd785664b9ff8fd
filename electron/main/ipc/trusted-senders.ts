import type { IpcMainInvokeEvent, WebContents } from 'electron';

/**
 * The webContents the app created for its own windows, and the check every IPC call passes.
 *
 * A call is answered only when it comes from the main frame (not an iframe) of one of these
 * webContents, and that frame is showing our own page. Any other sender (a window we did not
 * create, a subframe, a page that navigated elsewhere) is refused before input is even read.
 */
export class TrustedSenders {
  private readonly contents = new Map<number, WebContents>();

  constructor(private readonly isTrustedUrl: (url: string) => boolean) {}

  /** Trust a window's webContents until it is destroyed. */
  add(contents: WebContents): void {
    const id = contents.id;
    this.contents.set(id, contents);
    contents.once('destroyed', () => this.contents.delete(id));
  }

  /** Live trusted webContents, for push events. */
  list(): WebContents[] {
    return [...this.contents.values()].filter((contents) => !contents.isDestroyed());
  }

  /** Whether the window's main frame is on our page right now. */
  isShowingTrustedPage(contents: WebContents): boolean {
    return this.isTrustedUrl(contents.getURL());
  }

  /** Whether `event` comes from the main frame of a trusted window showing our page. */
  allows(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>): boolean {
    const trusted = this.contents.get(event.sender.id);
    if (!trusted || trusted !== event.sender) return false;
    const frame = event.senderFrame;
    // null when the frame navigated away or was destroyed before the message was handled.
    if (!frame || frame.parent !== null) return false;
    const main = event.sender.mainFrame;
    if (frame.processId !== main.processId || frame.routingId !== main.routingId) return false;
    return this.isTrustedUrl(frame.url);
  }
}
