import { afterEach, describe, expect, it } from 'vitest';
import { RoomConfigureInputSchema } from '../../../../../electron/shared/room';
import { roomProblemText } from '../../../../../src/features/room/room-problem-words';
import { startI18n } from '../../../../../src/i18n/start-i18n';

afterEach(() => void startI18n('en'));

/** What the shared schema says of a room configuration, by path (the first finding of each). */
function schemaSays(input: unknown): Record<string, string> {
  const said: Record<string, string> = {};
  const parsed = RoomConfigureInputSchema.safeParse(input);
  if (!parsed.success) for (const i of parsed.error.issues) said[i.path.join('.')] ??= i.message;
  return said;
}

const bad = {
  enabled: true,
  brokerUrl: 'http://nowhere',
  username: null,
  pcName: 'a/b',
  screens: [{ name: '' }],
  root: '/x',
  hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
};

describe('the Room settings’ problems in the operator’s language', () => {
  it('gives the shared schema’s and the core’s English back unchanged in English', () => {
    startI18n('en');
    for (const message of Object.values(schemaSays(bad))) expect(roomProblemText(message)).toBe(message);
    const core =
      'the hosted broker listens on 0.0.0.0 (beyond this PC) only with a username and password: set both, or listen on 127.0.0.1';
    expect(roomProblemText(core)).toBe(core);
  });

  it('words every finding of the schema in Chinese, values kept', () => {
    startI18n('zh-CN');
    const said = schemaSays(bad);
    expect(Object.keys(said).sort()).toEqual(['brokerUrl', 'pcName', 'root', 'screens.0.name']);
    expect(roomProblemText(said.brokerUrl)).toBe('须为带主机名的 mqtt://、mqtts://、ws:// 或 wss:// 地址');
    expect(roomProblemText(said.pcName)).toBe('只能包含字母、数字、“.”、“_”或“-”，并以字母或数字开头');
    expect(roomProblemText(said['screens.0.name'])).toBe('必须填写名称');
    expect(roomProblemText(said.root)).toMatch(/^由字母、数字/);
    // Each finding the schema has is one a rule knows (none left in English).
    for (const message of Object.values(said)) expect(roomProblemText(message)).not.toBe(message);
    expect(roomProblemText('"left" is already the name of screens[0]')).toBe('“left”已是屏幕 1 的名称');
  });

  it('shows a message no rule knows as it came', () => {
    startI18n('zh-CN');
    expect(roomProblemText('the broker said no')).toBe('the broker said no');
  });
});
