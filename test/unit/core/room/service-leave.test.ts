import { describe, expect, it } from 'vitest';
import type { RoomLink } from '../../../../electron/core/room/room-link';
import type { RoomConnection } from '../../../../electron/shared/room';
import { roomConfig, testRoomService, TestRoomSettings, until } from '../../../support/room-parts';

/**
 * Leaving the room when the broker stops answering as the room leaves it: the hosted broker turned off
 * together with the room. Its links were online, so each screen says offline on the way out, and that
 * publish is never acknowledged. Before, leaving waited for it for good: the room's settings queue
 * stuck there, so the room never said off, no later settings change was applied, and closing the core
 * (quitting the app) never finished.
 */

/** A link to a broker that is online until told to stop answering; then its publishes wait for good. */
class FadingBrokerLink implements RoomLink {
  readonly state: RoomConnection['state'] = 'online';
  silent = false;
  closed = false;
  published: string[] = [];
  private readonly waiting = new Set<(error: Error) => void>();

  publish(topic: string): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the room link is closed'));
    this.published.push(topic);
    if (!this.silent) return Promise.resolve();
    // As the real link does: a publish still waiting fails when the link closes.
    return new Promise<void>((_resolve, reject) => this.waiting.add(reject));
  }
  subscribe(): Promise<void> {
    return Promise.resolve();
  }
  onMessage(): () => void {
    return () => undefined;
  }
  onState(): () => void {
    return () => undefined;
  }
  async close(): Promise<void> {
    this.closed = true;
    for (const fail of this.waiting) fail(new Error('the room link is closed'));
  }
}

describe('the room service leaving a broker that stops answering', { timeout: 60_000 }, () => {
  it('leaves, says off and takes the next settings, and closes', async () => {
    const links: FadingBrokerLink[] = [];
    const settings = new TestRoomSettings(roomConfig('mqtt://127.0.0.1:1883', 'pc-a'));
    const service = testRoomService({
      settings,
      openLink: () => {
        const link = new FadingBrokerLink();
        links.push(link);
        return link;
      },
    });
    await service.start();
    await until(() => service.status().connection.state === 'online', 'online');
    expect(links).toHaveLength(2); // the console's and the one screen's

    for (const link of links) link.silent = true;
    settings.set({ enabled: false });
    await until(
      () => links.every((link) => link.closed) && service.status().connection.state === 'off',
      'every link closed, the room off',
    );
    // The screen did try to say it went offline.
    expect(links.some((link) => link.published.some((topic) => topic.endsWith('/pc-a/presence')))).toBe(true);

    // The next change is applied, not queued behind the leave.
    settings.set({ enabled: true, pcName: 'pc-b' });
    await until(() => service.status().pcName === 'pc-b' && links.length === 4, 'joined again as pc-b');
    for (const link of links.slice(2)) link.silent = true;
    await service.close();
    expect(links.every((link) => link.closed)).toBe(true);
  });
});
