import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLaunchArgs } from '../../../../electron/main/app/launch-args';

describe('parseLaunchArgs', () => {
  const cwd = path.resolve('/home/op');

  it('reads --provision and --user-data-dir in both spellings, as absolute paths', () => {
    expect(parseLaunchArgs(['/opt/electron', '.', '--provision', 'wall.json'], cwd)).toEqual({
      provisionFile: path.join(cwd, 'wall.json'),
    });
    expect(parseLaunchArgs(['electron', '--provision=/etc/wall.json', '--user-data-dir=tmp/u'], cwd)).toEqual(
      {
        provisionFile: path.resolve('/etc/wall.json'),
        userDataDir: path.join(cwd, 'tmp/u'),
      },
    );
  });

  it('ignores Chromium switches, a missing value and an option used as a value', () => {
    expect(parseLaunchArgs(['electron', '.', '--no-sandbox', '--inspect=0'], cwd)).toEqual({});
    expect(parseLaunchArgs(['electron', '--provision'], cwd)).toEqual({});
    expect(parseLaunchArgs(['electron', '--provision', '--user-data-dir', 'd'], cwd)).toEqual({
      userDataDir: path.join(cwd, 'd'),
    });
    expect(parseLaunchArgs(['electron', '--provision='], cwd)).toEqual({});
  });
});
