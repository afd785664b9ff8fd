import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import plist from 'plist';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from 'electron-builder';
import { parseLaunchArgs } from '../../../electron/main/app/launch-args';
import { loadBuilderConfig, root } from './builder-config';
import { parseXml, select } from './xml';

/*
 * The supervisor examples of "Running unattended": each keeps the app running, starts the path the installer
 * puts it at, and passes only options the app reads (electron/main/app/launch-args.ts).
 */

const dir = path.join(root, 'resources/supervisors');
const read = (name: string): string => readFileSync(path.join(dir, name), 'utf8');

let config: Configuration;
beforeAll(async () => {
  config = await loadBuilderConfig();
});

/** Every `--option` in `args` is one the app reads, and the provisioning file reaches it. */
function expectAppOptions(args: string[]): void {
  const options = args.filter((arg) => arg.startsWith('--'));
  expect(options.length).toBeGreaterThan(0);
  for (const option of options) {
    const name = option.split('=')[0];
    expect(
      Object.keys(parseLaunchArgs([name, 'value'], '/')),
      `${name} is not an option of the app`,
    ).toHaveLength(1);
  }
  expect(parseLaunchArgs(args, '/').provisionFile).toMatch(/wall\.json$/);
}

/** Whether the app tells systemd it is alive (sd_notify WATCHDOG=1) anywhere in its source. */
function appNotifiesSystemd(folder = path.join(root, 'electron')): boolean {
  return readdirSync(folder, { withFileTypes: true }).some((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return appNotifiesSystemd(full);
    return /\.tsx?$/.test(entry.name) && /WATCHDOG=1|NOTIFY_SOCKET/.test(readFileSync(full, 'utf8'));
  });
}

/** A systemd unit file as section → key → values (comments dropped). */
function parseUnit(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = new Map();
      sections.set(section[1], current);
      continue;
    }
    const at = line.indexOf('=');
    expect(current, `${line} outside a section`).toBeDefined();
    expect(at, line).toBeGreaterThan(0);
    const key = line.slice(0, at).trim();
    current?.set(key, [...(current.get(key) ?? []), line.slice(at + 1).trim()]);
  }
  return sections;
}

/** Seconds of an ISO 8601 duration as Task Scheduler writes them (P1D, PT1M, PT72H, PT0S). */
function isoSeconds(duration: string): number {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(duration);
  expect(match, duration).not.toBeNull();
  const [, d = '0', h = '0', m = '0', s = '0'] = match ?? [];
  return ((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60 + Number(s);
}

describe('systemd: control-room-wall.service', () => {
  const unit = parseUnit(read('control-room-wall.service'));
  const service = unit.get('Service') ?? new Map<string, string[]>();

  it('restarts the app whenever it exits, after a pause, without ever giving up', () => {
    expect(service.get('Restart')).toEqual(['always']);
    expect(Number(service.get('RestartSec')?.[0])).toBeGreaterThan(0);
    expect(unit.get('Unit')?.get('StartLimitIntervalSec')).toEqual(['0']);
    expect(unit.get('Install')?.get('WantedBy')).toEqual(['graphical-session.target']);
  });

  it('sets a watchdog only if the app notifies systemd, and lets the notifying child through', () => {
    // With WatchdogSec and no WATCHDOG=1 from the app, systemd would kill a healthy wall every interval.
    const notifies = appNotifiesSystemd();
    expect(service.has('WatchdogSec')).toBe(notifies);
    if (!notifies) return;
    expect(Number(service.get('WatchdogSec')?.[0])).toBeGreaterThanOrEqual(10);
    // The pings come from the systemd-notify binary, a child of the app (systemd-watchdog.ts).
    expect(service.get('NotifyAccess')).toEqual(['all']);
    // Type=simple: a start is not held up waiting for READY=1 (the safe screen sends none).
    expect(service.get('Type')).toEqual(['simple']);
  });

  it('starts the installed executable with options the app reads', () => {
    const [command, ...args] = (service.get('ExecStart')?.[0] ?? '').split(/\s+/);
    expect(command).toBe(`/usr/bin/${config.linux?.executableName}`);
    expectAppOptions(args);
  });
});

describe('launchd: com.example.control-room-wall.plist', () => {
  const xml = read('com.example.control-room-wall.plist');
  const job = (): Record<string, unknown> => plist.parse(xml) as Record<string, unknown>;

  it('is a well-formed property list labelled as its file is named', () => {
    expect(parseXml(xml).name).toBe('plist');
    expect(job().Label).toBe('com.example.control-room-wall');
  });

  it('starts at load and keeps the app alive', () => {
    expect(job().RunAtLoad).toBe(true);
    expect(job().KeepAlive).toBe(true);
    expect(job().ThrottleInterval).toBeGreaterThan(0);
  });

  it('starts the installed app bundle with options the app reads', () => {
    const [program, ...args] = job().ProgramArguments as string[];
    expect(program).toBe(`/Applications/${config.productName}.app/Contents/MacOS/${config.productName}`);
    expectAppOptions(args);
  });
});

describe('Task Scheduler: control-room-wall-task.xml', () => {
  const task = parseXml(read('control-room-wall-task.xml'));
  const text = (...names: string[]): string | undefined => select(task, names)[0]?.text;

  it('is a task definition of the Task Scheduler schema', () => {
    expect(task.name).toBe('Task');
    expect(task.attributes.xmlns).toBe('http://schemas.microsoft.com/windows/2004/02/mit/task');
    expect(select(task, ['Actions', 'Exec'])).toHaveLength(1);
  });

  it('starts at logon, and again every minute or so while the app is not running', () => {
    expect(select(task, ['Triggers', 'LogonTrigger'])).toHaveLength(1);
    expect(text('Triggers', 'LogonTrigger', 'Enabled')).not.toBe('false');
    const every = isoSeconds(text('Triggers', 'LogonTrigger', 'Repetition', 'Interval') ?? '');
    expect(every).toBeGreaterThanOrEqual(60); // the schema's minimum
    expect(every).toBeLessThanOrEqual(300);
    // No Duration: the repetition lasts as long as the session.
    expect(select(task, ['Triggers', 'LogonTrigger', 'Repetition', 'Duration'])).toEqual([]);
    expect(text('Settings', 'MultipleInstancesPolicy')).toBe('IgnoreNew');
  });

  it('restarts on failure within the schema limits, with no time limit and no battery rule', () => {
    expect(select(task, ['Settings', 'RestartOnFailure'])).toHaveLength(1);
    const count = Number(text('Settings', 'RestartOnFailure', 'Count'));
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(255); // an unsignedByte in the schema
    const interval = isoSeconds(text('Settings', 'RestartOnFailure', 'Interval') ?? '');
    expect(interval).toBeGreaterThanOrEqual(60);
    expect(interval).toBeLessThanOrEqual(31 * 24 * 3600);
    expect(text('Settings', 'ExecutionTimeLimit')).toBe('PT0S');
    expect(text('Settings', 'DisallowStartIfOnBatteries')).toBe('false');
    expect(text('Settings', 'StopIfGoingOnBatteries')).toBe('false');
  });

  it('starts the installed executable with options the app reads', () => {
    expect(text('Actions', 'Exec', 'Command')).toBe(
      `"C:\\Program Files\\${config.productName}\\${config.productName}.exe"`,
    );
    // Windows command-line words: quoted or bare.
    const args = [...(text('Actions', 'Exec', 'Arguments') ?? '').matchAll(/"([^"]*)"|(\S+)/g)].map(
      (match) => match[1] ?? match[2],
    );
    expectAppOptions(args);
  });
});
