import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../electron/demo-platform/api-app';
import { startDemoPlatform, type DemoPlatform } from '../../../electron/demo-platform/server';
import { demoRequest, validTemplate } from './demo-request';

let platform: DemoPlatform;

beforeAll(async () => {
  platform = await startDemoPlatform({ log: () => {} });
});
afterAll(() => platform.close());

const post = (
  body: string | ReadableStream<Uint8Array>,
  headers: Record<string, string> = { 'Content-Type': 'application/json' },
) =>
  demoRequest(platform, `/archives/template/${platform.credentials.project.projectKey}`, {
    method: 'POST',
    credentials: platform.credentials.project,
    headers,
    body,
  });

type Template = ReturnType<typeof validTemplate>;
const param = (dataType: string, map: Record<string, string>, identifier = 'value') => ({
  dataType,
  identifier,
  name: 'Value',
  map,
});
let count = 0;
const named = (change: (t: Template) => unknown) => {
  const t = validTemplate(`Rule case ${++count}`);
  return change(t) ?? t;
};

describe('POST /archives/template/{projectKey}', () => {
  it('creates a template and answers {projectKey, templateId, templateName} with ids counting up', async () => {
    const first = await post(JSON.stringify(validTemplate('Cold store')));
    expect(first.status).toBe(200);
    expect(first.json).toEqual({
      projectKey: platform.credentials.project.projectKey,
      templateId: expect.any(Number),
      templateName: 'Cold store',
    });
    expect(Number.isInteger(first.json.templateId)).toBe(true);
    const second = await post(JSON.stringify(validTemplate('Freezer')));
    expect(second.json.templateId).toBe(first.json.templateId + 1);
  });

  it('accepts a JSON body whatever its content type', async () => {
    const answer = await post(JSON.stringify(validTemplate('Sent as text')), {
      'Content-Type': 'text/plain',
    });
    expect(answer.status).toBe(200);
  });

  it.each([
    ['name missing', named((t) => ({ ...t, name: undefined })), 'name'],
    ['name empty', named((t) => ({ ...t, name: '  ' })), 'name'],
    ['no parameters', named((t) => ({ ...t, parameters: [] })), 'parameters'],
    [
      '101 parameters',
      named((t) => ({
        ...t,
        parameters: Array.from({ length: 101 }, (_, i) => param('STRING', { max: '8' }, `p${i}`)),
      })),
      'parameters',
    ],
    [
      'unknown dataType',
      named((t) => ({ ...t, parameters: [param('BOOLEAN', {})] })),
      'parameters[0].dataType',
    ],
    [
      'INTEGER min not whole',
      named((t) => ({ ...t, parameters: [param('INTEGER', { min: '1.5', max: '9' })] })),
      'parameters[0].map.min',
    ],
    [
      'FLOAT max not a number',
      named((t) => ({ ...t, parameters: [param('FLOAT', { min: '0', max: 'ten' })] })),
      'parameters[0].map.max',
    ],
    [
      'DOUBLE min above max',
      named((t) => ({ ...t, parameters: [param('DOUBLE', { min: '5', max: '1' })] })),
      'parameters[0].map.max',
    ],
    [
      'step zero',
      named((t) => ({ ...t, parameters: [param('INTEGER', { min: '0', max: '9', step: '0' })] })),
      'parameters[0].map.step',
    ],
    [
      'step negative',
      named((t) => ({ ...t, parameters: [param('FLOAT', { step: '-0.5' })] })),
      'parameters[0].map.step',
    ],
    [
      'STRING max zero',
      named((t) => ({ ...t, parameters: [param('STRING', { max: '0' })] })),
      'parameters[0].map.max',
    ],
    [
      'STRING max not whole',
      named((t) => ({ ...t, parameters: [param('STRING', { max: '2.5' })] })),
      'parameters[0].map.max',
    ],
    [
      'STRING with a numeric key',
      named((t) => ({ ...t, parameters: [param('STRING', { max: '8', min: '1' })] })),
      'parameters[0].map.min',
    ],
    [
      'identifier starting with a digit',
      named((t) => ({ ...t, parameters: [param('STRING', { max: '8' }, '9lives')] })),
      'parameters[0].identifier',
    ],
    [
      'identifier too long',
      named((t) => ({ ...t, parameters: [param('STRING', { max: '8' }, 'a'.repeat(65))] })),
      'parameters[0].identifier',
    ],
    [
      'duplicate identifier',
      named((t) => ({
        ...t,
        parameters: [param('STRING', { max: '8' }, 'dup'), param('INTEGER', {}, 'dup')],
      })),
      'parameters[1].identifier',
    ],
    ['a body that is not an object', [1, 2, 3], '(body)'],
  ])('refuses %s with 400 INVALID_TEMPLATE at %s', async (_case, body, path) => {
    const answer = await post(JSON.stringify(body));
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({
      code: 'INVALID_TEMPLATE',
      message: expect.stringContaining(path),
      details: expect.arrayContaining([{ path, message: expect.any(String) }]),
    });
  });

  it('refuses a name already used in the project with 409, case- and space-blind', async () => {
    expect((await post(JSON.stringify(validTemplate('Door sensors')))).status).toBe(200);
    const again = await post(JSON.stringify(validTemplate(' door SENSORS ')));
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      code: 'DUPLICATE_NAME',
      message: expect.stringContaining('door SENSORS'),
      details: [{ path: 'name', message: expect.any(String) }],
    });
  });

  it('allows the same name in another project', async () => {
    const other = platform.data.users[1];
    const project = platform.data.projects.find((p) => p.userKey === other.userKey)!;
    const credentials = { userKey: other.userKey, authKey: other.authKey, authSecret: other.authSecret };
    await post(JSON.stringify(validTemplate('Shared name')));
    const answer = await demoRequest(platform, `/archives/template/${project.projectKey}`, {
      method: 'POST',
      credentials,
      body: JSON.stringify(validTemplate('Shared name')),
    });
    expect(answer.status).toBe(200);
  });

  it.each([
    ['truncated JSON', '{"name": "Half", "parameters": ['],
    ['not JSON at all', 'name=Half'],
    ['an empty body', ''],
  ])('refuses %s with 400 MALFORMED_JSON', async (_case, body) => {
    const answer = await post(body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ code: 'MALFORMED_JSON', message: expect.any(String) });
  });

  it('accepts a body of exactly 1 MiB and refuses one byte more with 413', async () => {
    const json = JSON.stringify(validTemplate('Padded'));
    const exact = json + ' '.repeat(MAX_BODY_BYTES - Buffer.byteLength(json));
    expect(Buffer.byteLength(exact)).toBe(1024 * 1024);
    expect((await post(exact)).status).toBe(200);

    const over = await post(exact + ' ');
    expect(over.status).toBe(413);
    expect(over.json).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
  });

  it('refuses a streamed body without a length once it passes 1 MiB, before the upload ends', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless upload: only the server stopping it ends this request.
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const answer = await post(body);
    expect(answer.status).toBe(413);
    expect(sent).toBeGreaterThan(MAX_BODY_BYTES);

    // The platform keeps serving afterwards.
    expect((await post(JSON.stringify(validTemplate('After the flood')))).status).toBe(200);
  });
});
