import type { MqttClient } from 'mqtt';
import type { Core } from '../../../electron/core/core';
import { DEFAULT_ROOM_ROOT, parseScreenTopic } from '../../../electron/shared/room';
import { mqttClient } from '../../support/room-parts';
import type { BenchLogin } from './room-broker';

/** Epoch milliseconds with fractions: the clock the page's probe uses too. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/**
 * When each screen's revision was first announced by its PC's core (`room:changed` naming it the
 * screen's desired one: checked and applied as the wanted state) and first reported on the bus (its
 * retained `reported`, as a plain subscriber gets it from the broker); and when that subscriber got
 * the `desired` message itself (what the bus alone takes).
 */
export class RevisionWatch {
  private readonly announced = new Map<string, number>();
  private readonly reported = new Map<string, number>();
  private readonly delivered = new Map<string, number>();
  private readonly stops: (() => void)[] = [];
  private tap: MqttClient | null = null;

  /** Follow a screen PC's core (in this process) for its announcements. */
  followCore(core: Core): void {
    this.stops.push(
      core.on('room:changed', (status) => {
        const at = epochNow();
        for (const s of status.screens) {
          if (!s.local || !s.desired) continue;
          const key = `${s.name}#${s.desired.rev}`;
          if (!this.announced.has(key)) this.announced.set(key, at);
        }
      }),
    );
  }

  /** Subscribe to every screen's `reported` on the broker. */
  async tapBroker(url: string, login: BenchLogin | null): Promise<void> {
    const client = await mqttClient(url, login);
    this.tap = client;
    client.on('message', (topic, payload) => {
      const at = epochNow();
      const where = parseScreenTopic(DEFAULT_ROOM_ROOT, topic);
      if (!where || where.leaf === 'presence') return;
      const seen = where.leaf === 'reported' ? this.reported : this.delivered;
      try {
        const rev = (JSON.parse(payload.toString('utf8')) as { rev?: unknown }).rev;
        const key = `${where.screen}#${String(rev)}`;
        if (typeof rev === 'number' && !seen.has(key)) seen.set(key, at);
      } catch {
        // Not JSON: not a report this bench made.
      }
    });
    await client.subscribeAsync(
      [`${DEFAULT_ROOM_ROOT}/screens/+/reported`, `${DEFAULT_ROOM_ROOT}/screens/+/desired`],
      { qos: 1 },
    );
  }

  announcedAt(screen: string, rev: number): number | null {
    return this.announced.get(`${screen}#${rev}`) ?? null;
  }

  /** When the broker delivered the desired message to a plain subscriber: the bus's own part. */
  deliveredAt(screen: string, rev: number): number | null {
    return this.delivered.get(`${screen}#${rev}`) ?? null;
  }

  reportedAt(screen: string, rev: number): number | null {
    return this.reported.get(`${screen}#${rev}`) ?? null;
  }

  /** Until the screen reported `rev` (null after `timeoutMs`: the figure is then missing). */
  async untilReported(screen: string, rev: number, timeoutMs: number): Promise<number | null> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const at = this.reportedAt(screen, rev);
      if (at !== null) return at;
      await new Promise((r) => setTimeout(r, 10));
    }
    return null;
  }

  async close(): Promise<void> {
    this.stops.forEach((stop) => stop());
    await this.tap?.endAsync().catch(() => undefined);
  }
}
