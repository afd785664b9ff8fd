import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { issueProblems, type CodedFieldProblem } from '../../../../../electron/shared/domain';
import { describeLinkError, linkLostReason } from '../../../../../electron/core/room/mqtt-link-reason';
import { RoomConfigureInputSchema, type RoomConnection } from '../../../../../electron/shared/room';
import { roomIssueCode } from '../../../../../electron/shared/room-problems';
import { problemsByPath } from '../../../../../src/features/room/room-settings-draft';
import { roomProblemWords, roomReasonWords } from '../../../../../src/features/room/room-words';
import { startI18n } from '../../../../../src/i18n/start-i18n';

afterEach(() => void startI18n('en'));

/** What the shared schema finds in a room configuration, coded, by path (the first of each). */
function schemaFinds(input: unknown) {
  const parsed = RoomConfigureInputSchema.safeParse(input);
  return problemsByPath(parsed.success ? [] : issueProblems(parsed.error.issues, { codeOf: roomIssueCode }));
}

const bad = {
  enabled: true,
  brokerUrl: 'http://nowhere',
  username: null,
  pcName: 'a/b',
  screens: [{ name: '', display: 40 }],
  root: '/x',
  hostedBroker: { enabled: false, host: '127.0.0.1', port: Number.NaN },
};

const away = (patch: Partial<RoomConnection>): RoomConnection => ({
  state: 'away',
  since: '2026-11-27T10:42:00Z',
  reason: null,
  hosting: null,
  ...patch,
});

describe('the room’s problems and reasons in the operator’s language, from their codes', () => {
  it('words every finding of the shared schema in English and in Chinese', () => {
    startI18n('en');
    expect(schemaFinds(bad)).toEqual({
      brokerUrl: 'an mqtt://, mqtts://, ws:// or wss:// address with a host',
      pcName: 'letters, digits, ".", "_" or "-", starting with a letter or digit',
      root: 'topic levels of letters, digits, ".", "_" or "-" joined by "/"',
      'screens[0].name': 'a name is required',
      'screens[0].display': 'a display number from 1 to 16',
      'hostedBroker.port': 'a port from 1 to 65535',
    });
    startI18n('zh-CN');
    expect(schemaFinds(bad)).toEqual({
      brokerUrl: '须为带主机名的 mqtt://、mqtts://、ws:// 或 wss:// 地址',
      pcName: '只能包含字母、数字、“.”、“_”或“-”，并以字母或数字开头',
      root: '由字母、数字、“.”、“_”或“-”组成的主题层级，以“/”连接',
      'screens[0].name': '必须填写名称',
      'screens[0].display': '显示器编号须为 1 到 16',
      'hostedBroker.port': '端口须为 1 到 65535',
    });
  });

  it('words the core’s refusals by their codes and parameters, not by their English', () => {
    startI18n('zh-CN');
    const core: CodedFieldProblem[] = [
      {
        path: 'screens[1].name',
        message: '"LEFT" is already the name of screen 1',
        code: 'room.problem.nameTaken',
        params: { name: 'LEFT', number: 1 },
      },
      {
        path: 'hostedBroker.host',
        message: 'the hosted broker listens on 0.0.0.0 …',
        code: 'room.problem.hostNeedsLogin',
        params: { host: '0.0.0.0' },
      },
    ];
    expect(problemsByPath(core)).toEqual({
      'screens[1].name': '“LEFT”已是屏幕 1 的名称',
      'hostedBroker.host':
        '托管的消息代理监听 0.0.0.0（本机以外）时必须设置用户名和密码：请同时填写，或监听 127.0.0.1',
    });
    // A problem with a code no catalog has (a newer core) shows as it came.
    expect(roomProblemWords({ path: 'x', message: 'as it came', code: 'room.problem.fromTheFuture' })).toBe(
      'as it came',
    );
  });

  it('words why the broker is away; the core’s words marked as such only when uncoded', () => {
    const refused = describeLinkError({ code: 5 }, 'broker:1883');
    const coded = away({ reason: refused.message, reasonCode: refused.code, reasonParams: refused.params });
    startI18n('en');
    expect(roomReasonWords(coded)).toEqual({ text: refused.message, coreWords: false });
    startI18n('zh-CN');
    expect(roomReasonWords(coded)).toEqual({
      text: '消息代理拒绝登录：用户名或密码错误，或此用户不允许加入',
      coreWords: false,
    });
    const lost = linkLostReason('broker:1883', true);
    expect(
      roomReasonWords(away({ reason: lost.message, reasonCode: lost.code, reasonParams: lost.params }))?.text,
    ).toBe('与 broker:1883 的消息代理的连接已断开');
    expect(roomReasonWords(away({ reason: 'a newer core said so' }))).toEqual({
      text: 'a newer core said so',
      coreWords: true,
    });
    expect(roomReasonWords(away({}))).toBeNull();
  });

  it('has words in both languages for every code the room’s core gives', () => {
    const codes = [
      ...['stopped', 'disabled', 'noBroker'].map((c) => `room.off.${c}`),
      ...['credentialsRequired', 'portInUse', 'addressUnavailable', 'notPermitted', 'failed'].map(
        (c) => `room.hosted.${c}`,
      ),
      'room.notOn',
      'room.notThisPc',
      'room.viewDoesNotFit',
      'vault.roomUnreadable',
      'vault.roomNotEncrypted',
      ...[
        'nameRequired',
        'namePattern',
        'rootPattern',
        'brokerUrlForm',
        'brokerUrlNeeded',
        'brokerUrlUserInfo',
        'nameTaken',
        'hostNeedsLogin',
        'passwordRebind',
        'passwordRebindFromHosted',
        'passwordRebindToHosted',
        'notThisPc',
        'maxScreens',
        'port',
        'display',
        'host',
        'weakStorage',
      ].map((c) => `room.problem.${c}`),
      ...[1, 2, 3, 4, 5, 99, 134, 135].map((code) => describeLinkError({ code }, 'b').code),
      ...['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE'].map(
        (code) => describeLinkError({ code }, 'b').code,
      ),
      describeLinkError(Object.assign(new Error('x'), { code: 'ERR_TLS_CERT_ALTNAME_INVALID' }), 'b').code,
      describeLinkError(new Error('x'), 'b').code,
      linkLostReason('b', true).code,
      linkLostReason('b', false).code,
    ];
    startI18n('en');
    for (const lng of ['en', 'zh-CN'])
      for (const code of codes)
        expect(i18next.exists(code!, { ns: 'errors', lng }), `${lng}: ${code}`).toBe(true);
  });
});
