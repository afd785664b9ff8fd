import { afterEach, describe, expect, it } from 'vitest';
import { startI18n } from '../../../../../src/i18n/start-i18n';
import type { RoomConfigView } from '../../../../../electron/shared/room';
import {
  draftOfRoomConfig,
  inputOfRoomDraft,
  problemsByPath,
  roomDraftProblems,
} from '../../../../../src/features/room/room-settings-draft';

startI18n('en');
afterEach(() => void startI18n('en'));

const config: RoomConfigView = {
  enabled: true,
  brokerUrl: 'mqtt://broker.local:1883',
  username: 'wall',
  pcName: 'pc-1',
  screens: [{ name: 'wall-left', display: 1 }],
  root: 'control-room-wall/v1',
  hostedBroker: { enabled: false, host: '127.0.0.1', port: 1883 },
  hasPassword: true,
};

describe('the Room settings form', () => {
  it('sends the settings back as they were, keeping the stored password when none is typed', () => {
    const input = inputOfRoomDraft(draftOfRoomConfig(config));
    const { hasPassword: _h, ...rest } = config;
    expect(input).toEqual(rest);
    expect('password' in input).toBe(false);
  });

  it('sends a typed password, or asks to forget the stored one', () => {
    const draft = draftOfRoomConfig(config);
    expect(inputOfRoomDraft({ ...draft, password: 's3cret' }).password).toBe('s3cret');
    expect(inputOfRoomDraft({ ...draft, clearPassword: true }).clearPassword).toBe(true);
  });

  it('names each problem by the field the core would name', () => {
    const draft = {
      ...draftOfRoomConfig(config),
      brokerUrl: 'http://x',
      pcName: 'a/b',
      hostedPort: 'abc',
      screens: [
        { name: 'left', display: '1' },
        { name: 'LEFT', display: '2' },
      ],
    };
    const errors = problemsByPath(roomDraftProblems(draft));
    expect(Object.keys(errors).sort()).toEqual([
      'brokerUrl',
      'hostedBroker.port',
      'pcName',
      'screens[1].name',
    ]);
    expect(errors['hostedBroker.port']).toBe('a port from 1 to 65535');
    expect(errors['screens[1].name']).toBe('another screen has this name');
  });

  it('names a problem in the operator’s language', () => {
    startI18n('zh-CN');
    const draft = { ...draftOfRoomConfig(config), brokerUrl: '' };
    expect(problemsByPath(roomDraftProblems(draft)).brokerUrl).toBe(
      '需要填写消息代理地址（或在本机托管消息代理）',
    );
  });

  it('wants a broker unless this PC hosts one', () => {
    const draft = { ...draftOfRoomConfig(config), brokerUrl: '' };
    expect(problemsByPath(roomDraftProblems(draft)).brokerUrl).toMatch(/broker URL is required/);
    expect(roomDraftProblems({ ...draft, hosted: true })).toEqual([]);
    expect(roomDraftProblems({ ...draft, enabled: false })).toEqual([]);
  });

  it('reads the core’s paths with or without a leading $', () => {
    expect(problemsByPath([{ path: '$.brokerUrl', message: 'refused' }])).toEqual({ brokerUrl: 'refused' });
  });
});
