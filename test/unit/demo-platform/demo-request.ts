import type { DemoPlatform } from '../../../electron/demo-platform/server';

export type Params = Record<string, string>;

export interface DemoRequest {
  method?: string;
  /** Credential parameters; sent as query parameters unless `placement` is 'headers'. */
  credentials?: Params;
  placement?: 'query' | 'headers';
  query?: Params;
  headers?: Params;
  body?: string | ReadableStream<Uint8Array>;
}

export interface DemoAnswer {
  status: number;
  headers: Headers;
  // The tests read whatever JSON comes back; each asserts the fields it cares about.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  text: string;
}

/** One real HTTP request to a running demo platform, over loopback. */
export async function demoRequest(
  platform: DemoPlatform,
  path: string,
  request: DemoRequest = {},
): Promise<DemoAnswer> {
  const placement = request.placement ?? 'query';
  const url = new URL(path, platform.baseUrl);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, value);
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(request.credentials ?? {})) {
    if (placement === 'query') url.searchParams.set(name, value);
    else headers.set(name, value);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: request.method ?? 'GET', headers };
  if (request.body !== undefined) {
    init.body = request.body;
    if (typeof request.body !== 'string') init.duplex = 'half';
  }
  const response = await fetch(url, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** A valid archive template; `name` must be new in its project. */
export function validTemplate(name: string) {
  return {
    desc: 'Readings of the cold store',
    name,
    parameters: [
      {
        dataType: 'INTEGER',
        identifier: 'door_open_count',
        name: 'Door openings',
        map: { min: '0', max: '1000', unitName: 'times', step: '1' },
      },
      {
        dataType: 'DOUBLE',
        identifier: 'temperature',
        name: 'Temperature',
        map: { min: '-30.5', max: '10', unitName: '°C', step: '0.1' },
      },
      { dataType: 'STRING', identifier: 'operator', name: 'Operator', map: { max: '64' } },
    ],
  };
}
