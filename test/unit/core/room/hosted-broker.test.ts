import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  HostedBrokerError,
  isLoopbackHost,
  startHostedBroker,
} from '../../../../electron/core/room/hosted-broker';
import { freePort } from '../../../support/mosquitto';
import { linkHarness, reachState } from './link-behaviour';

describe('the broker this PC hosts', () => {
  const harness = linkHarness();

  it('refuses to listen beyond this PC without the room username and password, and listens nowhere', async () => {
    const port = await freePort();
    for (const login of [
      { username: null, password: null },
      { username: 'room', password: null },
      { username: null, password: 'only-a-password' },
    ]) {
      const started = startHostedBroker({ host: '0.0.0.0', port, ...login });
      await expect(started).rejects.toBeInstanceOf(HostedBrokerError);
      await expect(started).rejects.toMatchObject({
        problem: 'credentials-required',
        message: expect.stringMatching(/username and password/),
      });
    }
    // Nothing took the port.
    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, '0.0.0.0', resolve);
    });
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });

  it('on another interface, lets in only the room login', async () => {
    const port = await freePort();
    const login = { username: 'room', password: `pw-${randomUUID()}` };
    const hosted = await startHostedBroker({ host: '0.0.0.0', port, ...login });
    harness.later(() => hosted.close());
    const url = `mqtt://127.0.0.1:${port}`;

    const anonymous = harness.open(url, null);
    expect(await reachState(anonymous, 'away')).toMatch(/refused the login/);
    const wrong = `wrong-${randomUUID()}`;
    const guesser = harness.open(url, { username: 'room', password: wrong });
    const reason = await reachState(guesser, 'away');
    expect(reason).toMatch(/refused the login: wrong username or password/);
    expect(reason).not.toContain(wrong);
    const otherUser = harness.open(url, { username: 'someone', password: login.password });
    expect(await reachState(otherUser, 'away')).toMatch(/refused the login/);

    const member = harness.open(url, login);
    await reachState(member, 'online');
  });

  it('on loopback without a login, lets this PC in', async () => {
    const port = await freePort();
    const hosted = await startHostedBroker({ host: '127.0.0.1', port, username: null, password: null });
    harness.later(() => hosted.close());
    expect(hosted.port).toBe(port);
    await reachState(harness.open(`mqtt://127.0.0.1:${port}`, null), 'online');
  });

  it('says so in words when its port is in use, and frees the port when closed', async () => {
    const port = await freePort();
    const first = await startHostedBroker({ host: '127.0.0.1', port, username: null, password: null });
    const second = startHostedBroker({ host: '127.0.0.1', port, username: null, password: null });
    await expect(second).rejects.toMatchObject({
      problem: 'port-in-use',
      message: expect.stringContaining(`Port ${port} on 127.0.0.1 is already in use`),
    });

    const link = harness.open(`mqtt://127.0.0.1:${port}`, null);
    await reachState(link, 'online');
    const away = reachState(link, 'away');
    await first.close();
    await away;
    const again = await startHostedBroker({ host: '127.0.0.1', port, username: null, password: null });
    harness.later(() => again.close());
    await reachState(link, 'online');
  });

  it('knows loopback addresses from the others', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'wall-pc', '127.0.0.1.example.com']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
