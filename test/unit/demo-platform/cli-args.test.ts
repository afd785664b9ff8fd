import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../electron/demo-platform/cli-args';

describe('parseCliArgs', () => {
  it('defaults to a free port on loopback with seed 1', () => {
    expect(parseCliArgs([])).toEqual({
      port: 0,
      host: '127.0.0.1',
      seed: 1,
      latencyMs: 0,
      mediaOptions: {},
      help: false,
    });
  });

  it('reads --port and --seed with a space or an equals sign', () => {
    expect(parseCliArgs(['--port', '8123', '--seed=7'])).toMatchObject({ port: 8123, seed: 7 });
  });

  it('passes flags it does not know to the media backend, camel-cased', () => {
    expect(parseCliArgs(['--scramble-fields', '--media-port', '9000', '--clip=lobby']).mediaOptions).toEqual({
      scrambleFields: true,
      mediaPort: 9000,
      clip: 'lobby',
    });
  });

  it.each([
    [['--port', 'abc'], /--port/],
    [['--port', '70000'], /--port/],
    [['--seed'], /--seed/],
    [['stray'], /Unexpected argument/],
  ])('refuses %j with a message', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
