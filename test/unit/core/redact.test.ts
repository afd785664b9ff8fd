import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor, REDACTOR_LIMITS } from '../../../electron/core/redact';
import { playbackUrls } from '../../../electron/demo-platform/media/playback-urls';
import { SECRET_FIELD_NAMES } from '../../../electron/shared/domain';

const STREAM_SECRET = '9f0c2d4e6a8b1c3d5e7f9a0b2c4d6e8f';

describe('Redactor', () => {
  it('removes a registered secret in every wire form', () => {
    const r = new Redactor();
    r.add('CANARY a&b="c"/d');
    const secret = 'CANARY a&b="c"/d';
    const forms = [
      secret,
      encodeURIComponent(secret),
      new URLSearchParams({ x: secret }).toString().slice(2),
      JSON.stringify(secret).slice(1, -1),
    ];
    for (const form of forms) expect(r.redact(`before ${form} after`)).toBe(`before ${REDACTED} after`);
  });

  it('redacts the longer of two overlapping secrets whole', () => {
    const r = new Redactor();
    r.add('CANARY-9');
    r.add('CANARY-9-long-secret');
    expect(r.redact('x CANARY-9-long-secret y CANARY-9')).toBe(`x ${REDACTED} y ${REDACTED}`);
  });

  it('catches secrets by field name even when their value was never registered', () => {
    const r = new Redactor();
    expect(r.redact('GET /p?userKey=u&authSecret=abc123&page=1')).toBe(
      `GET /p?userKey=u&authSecret=${REDACTED}&page=1`,
    );
    expect(r.redact('{"querySecret":"abc","x":1}')).toBe(`{"querySecret":"${REDACTED}","x":1}`);
    expect(r.redact('headers: queryToken: tok-1, other')).toBe(`headers: queryToken: ${REDACTED}, other`);
    expect(r.redact('{\\"projectAuthSecret\\":\\"zz\\"}')).toBe(
      `{\\"projectAuthSecret\\":\\"${REDACTED}\\"}`,
    );
    expect(r.redact('authSecret is required')).toBe('authSecret is required');
  });

  describe.each(SECRET_FIELD_NAMES)('%s by name, never registered', (name) => {
    const r = new Redactor();
    const cases: [string, string, string][] = [
      [
        'a URL query',
        `GET /p?userKey=u&${name}=CANARY-q1&page=1`,
        `GET /p?userKey=u&${name}=${REDACTED}&page=1`,
      ],
      ['the end of a URL', `http://h:1/p?${name}=CANARY-q2`, `http://h:1/p?${name}=${REDACTED}`],
      ['a form body', `${name}=CANARY%2Bq3&x=1`, `${name}=${REDACTED}&x=1`],
      [
        'an encoded query inside a query',
        `next=%2Fp%3F${name}%3DCANARY-q4%26page%3D1`,
        `next=%2Fp%3F${name}%3D${REDACTED}%26page%3D1`,
      ],
      ['JSON', `{"${name}":"CANARY-j1","x":1}`, `{"${name}":"${REDACTED}","x":1}`],
      ['spaced JSON', `{ "${name}" : "CANARY-j2" }`, `{ "${name}" : "${REDACTED}" }`],
      ['JSON with escapes', `{"${name}":"CANARY\\"j3\\\\x","x":1}`, `{"${name}":"${REDACTED}","x":1}`],
      ['a JSON number', `{"${name}":12345,"x":1}`, `{"${name}":${REDACTED},"x":1}`],
      [
        'JSON inside a JSON string',
        JSON.stringify(JSON.stringify({ [name]: 'CANARY"j4\\', x: 1 })),
        JSON.stringify(JSON.stringify({ [name]: REDACTED, x: 1 })),
      ],
      ['a header', `headers: ${name}: CANARY-h1, accept: */*`, `headers: ${name}: ${REDACTED}, accept: */*`],
      ['a lower-cased header', `${name.toLowerCase()}: CANARY-h2`, `${name.toLowerCase()}: ${REDACTED}`],
      ['a quoted header value', `${name}: "CANARY h3"`, `${name}: "${REDACTED}"`],
      ['a single-quoted JS object', `{ ${name}: 'CANARY-s1' }`, `{ ${name}: '${REDACTED}' }`],
    ];
    it.each(cases)('in %s', (_form, input, expected) => {
      const out = r.redact(input);
      expect(out).toBe(expected);
      expect(out).not.toContain('CANARY');
      // Redacting again changes nothing: the logger and the errors both redact, so lines pass twice.
      expect(r.redact(out)).toBe(out);
    });

    it('leaves the name alone when no value follows', () => {
      expect(r.redact(`${name} is required`)).toBe(`${name} is required`);
      expect(r.redact(`{"${name}":null}`)).toBe(`{"${name}":null}`);
      expect(r.redact(`{"${name}":""}`)).toBe(`{"${name}":""}`);
      expect(r.redact(`missing ${name}=`)).toBe(`missing ${name}=`);
    });
  });

  it('reads projectAuthSecret whole, not as …authSecret, and ignores longer names', () => {
    const r = new Redactor();
    expect(r.redact('projectAuthSecret=abc authSecretHint=shown myauthSecret=shown')).toBe(
      `projectAuthSecret=${REDACTED} authSecretHint=shown myauthSecret=shown`,
    );
  });

  it('redacts the secret parameter of every stream URL the platform returns, keeping the rest', () => {
    const r = new Redactor();
    const urls = playbackUrls({
      host: '10.0.0.7',
      port: 8080,
      app: 'live',
      streamId: 'cam 1',
      secret: STREAM_SECRET,
    });
    for (const url of Object.values(urls)) {
      const out = r.redact(`playing ${url} now`);
      expect(out).toBe(`playing ${url.replace(STREAM_SECRET, REDACTED)} now`);
      expect(out).toMatch(/[?&]secret=\[REDACTED\]/);
    }
    expect(r.redact(`{"flv":"${urls.flv}","rtc":"${urls.rtc}"}`)).not.toContain(STREAM_SECRET);
    expect(r.redact(`http://h/a.flv?app=live&secret=${STREAM_SECRET}&type=play`)).toBe(
      `http://h/a.flv?app=live&secret=${REDACTED}&type=play`,
    );
    expect(r.redact(`{"secret":"${STREAM_SECRET}"}`)).toBe(`{"secret":"${REDACTED}"}`);
    expect(r.redact(`url=http%3A%2F%2Fh%2Fa.flv%3Fsecret%3D${STREAM_SECRET}%26x%3D1`)).toBe(
      `url=http%3A%2F%2Fh%2Fa.flv%3Fsecret%3D${REDACTED}%26x%3D1`,
    );
  });

  it('leaves the word secret in prose alone', () => {
    const r = new Redactor();
    for (const text of [
      'Forbidden: missing, wrong or expired secret',
      'the secret: it expired',
      'querySecret is required',
      'wrong secret; try again',
    ])
      expect(r.redact(text)).toBe(text);
  });

  it('keeps a line readable when a registered secret also appears under its name', () => {
    const r = new Redactor();
    r.add('CANARY-auth-7f3a');
    expect(r.redact('GET /p?authSecret=CANARY-auth-7f3a&page=1')).toBe(
      `GET /p?authSecret=${REDACTED}&page=1`,
    );
    expect(r.redact('{"authSecret":"CANARY-auth-7f3a"}')).toBe(`{"authSecret":"${REDACTED}"}`);
    expect(r.redact('authSecret: CANARY-auth-7f3a')).toBe(`authSecret: ${REDACTED}`);
    // A value with a delimiter in it is removed whole before the name rule would stop at the delimiter.
    r.add('a&b c');
    expect(r.redact('authSecret=a&b c&page=1')).toBe(`authSecret=${REDACTED}&page=1`);
  });

  it('replaces a registered secret standing alone in a message, and never breaks a marker', () => {
    const r = new Redactor();
    r.add('tok-51c7e2');
    expect(r.redact('device refused tok-51c7e2 today')).toBe(`device refused ${REDACTED} today`);
    r.add('REDACTED]1');
    expect(r.redact(`${REDACTED}1 and REDACTED]1`)).toBe(`${REDACTED}1 and ${REDACTED}`);
  });

  it('ignores empty secrets instead of redacting everything', () => {
    const r = new Redactor();
    r.add('');
    expect(r.redact('plain text')).toBe('plain text');
  });

  it('copies values deeply: strings redacted, secret fields blanked, errors kept as errors', () => {
    const r = new Redactor();
    r.add('CANARY-x1');
    const cause = new Error('inner CANARY-x1');
    const err = Object.assign(new TypeError('outer CANARY-x1', { cause }), { code: 'E1' });
    const input = {
      list: ['a', 'CANARY-x1'],
      nested: { authSecret: 'unregistered', note: 'has CANARY-x1' },
      err,
      when: new Date(0),
      map: new Map([['queryToken', 'v']]),
    };
    const out = r.redactValue(input);
    expect(out.list).toEqual(['a', REDACTED]);
    expect(out.nested).toEqual({ authSecret: REDACTED, note: `has ${REDACTED}` });
    expect(out.err).toBeInstanceOf(TypeError);
    expect(out.err.code).toBe('E1');
    expect(out.when).toEqual(new Date(0));
    expect(out.map.get('queryToken')).toBe(REDACTED);
    expect(inspect(out, { depth: Infinity, showHidden: true })).not.toContain('CANARY');
    // The input is untouched.
    expect(input.list[1]).toBe('CANARY-x1');
    expect(err.message).toBe('outer CANARY-x1');
  });

  it('blanks secret fields whatever their case, and the stream secret field', () => {
    const r = new Redactor();
    const out = r.redactValue({
      headers: { authsecret: 'u1', QueryToken: 'u2', accept: 'json' },
      playback: { secret: 'u3', streamId: 's' },
      body: { projectAuthSecret: 'u4', querySecret: 'u5', authSecret: null },
    });
    expect(out).toEqual({
      headers: { authsecret: REDACTED, QueryToken: REDACTED, accept: 'json' },
      playback: { secret: REDACTED, streamId: 's' },
      body: { projectAuthSecret: REDACTED, querySecret: REDACTED, authSecret: null },
    });
  });

  it('survives cycles', () => {
    const r = new Redactor();
    r.add('CANARY-y2');
    const a: Record<string, unknown> = { s: 'CANARY-y2' };
    a.self = a;
    const out = r.redactValue(a);
    expect(out.s).toBe(REDACTED);
    expect(out.self).toBe(out);
  });
});

describe('a very short secret', () => {
  it('is not replaced by value (it would garble every line), but still by its field name', () => {
    const r = new Redactor();
    r.add('s');
    r.add('abc');
    expect(r.redact('The User credentials were refused')).toBe('The User credentials were refused');
    expect(r.redact('GET /products?authSecret=s&page=1')).toBe('GET /products?authSecret=[REDACTED]&page=1');
  });
});

/** Secrets with every delimiter a redactor might stop at: quotes, spaces, `+`, `%`, `&`, `=`, non-ASCII. */
const NASTY = [
  'x"q"++/=&%20+ü-tail9',
  'it\'s "quoted" & spaced tail8',
  '%41%42%2B+plus/slash?q=1#frag tail7',
  'a\\b\\"c\' d tail6',
];

/** Every way a platform may repeat a secret it was sent: as sent, decoded back, form-decoded, as JSON. */
function echoes(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  const forms = [
    secret,
    encoded,
    form,
    encodeURI(secret),
    JSON.stringify(secret).slice(1, -1),
    secret.replace(/\+/g, ' '),
    decodeURIComponent(form.replace(/\+/g, ' ')),
  ];
  try {
    forms.push(decodeURIComponent(secret));
  } catch {
    // not decodable
  }
  return forms;
}

describe('a nasty secret', () => {
  it.each(NASTY.map((s) => [s]))('%s is removed whole in every form, in one pass', (secret) => {
    const r = new Redactor();
    r.register('profile:a:authSecret', secret);
    const tail = secret.slice(-5);
    for (const form of echoes(secret)) {
      for (const text of [
        `error: bad request ${form} tail`,
        `GET /api?userKey=u&authSecret=${form}&page=1`,
        `the platform said: authSecret=${form}`,
        `{"message":"authSecret=${form}","x":1}`,
        `x=${form}`,
      ]) {
        const out = r.redact(text);
        expect(out, text).not.toContain(tail);
        expect(out).toContain(REDACTED);
        expect(r.redact(out)).toBe(out);
      }
    }
  });

  it.each(NASTY.map((s) => [s]))(
    '%s is not cut short by the name rule when never registered (a decoded echo)',
    (secret) => {
      const r = new Redactor();
      const tail = secret.slice(-5);
      for (const form of [secret, secret.replace(/\+/g, ' ')]) {
        expect(r.redact(`page: authSecret=${form}`)).toBe(`page: authSecret=${REDACTED}`);
        const out = r.redact(`GET /p?authSecret=${form}&page=1 answered 400`);
        expect(out).not.toContain(tail);
        expect(out).toMatch(/^GET \/p\?authSecret=\[REDACTED\]/);
      }
    },
  );

  it('still ends a value where the next pair begins, or where its JSON string closes', () => {
    const r = new Redactor();
    expect(r.redact('GET /p?authSecret=abc"d&page=1')).toBe(`GET /p?authSecret=${REDACTED}&page=1`);
    expect(r.redact('{"url":"http://h/p?authSecret=abc","x":1}')).toBe(
      `{"url":"http://h/p?authSecret=${REDACTED}","x":1}`,
    );
    expect(r.redact('authSecret=a b c queryToken=d e')).toBe(`authSecret=${REDACTED} queryToken=${REDACTED}`);
  });
});

describe('what the redactor holds', () => {
  it('hides a word-like secret only where it stands as a value, never in prose', () => {
    const r = new Redactor();
    r.register('profile:a:authSecret', 'failed');
    r.add('Password');
    expect(r.redact('the request failed: Password expired')).toBe('the request failed: Password expired');
    expect(r.redact('GET /p?token=failed&x=1')).toBe(`GET /p?token=${REDACTED}&x=1`);
    expect(r.redact('pw=Password')).toBe(`pw=${REDACTED}`);
    expect(r.redact('next=%2Fp%3Ftoken%3Dfailed%26x%3D1')).toBe(`next=%2Fp%3Ftoken%3D${REDACTED}%26x%3D1`);
    // A secret whose decoded form is a word does not hide that word either.
    r.register('profile:b:authSecret', '%66%61%69%6C%65%64');
    expect(r.redact('the request failed')).toBe('the request failed');
    expect(r.redact('sent %66%61%69%6C%65%64')).toBe(`sent ${REDACTED}`);
  });

  it('lets a secret go when its owner replaces or drops it, and a held one when it is released', () => {
    const r = new Redactor();
    r.register('profile:a:authSecret', 'CANARY-old-111');
    r.register('profile:a:authSecret', 'CANARY-new-222');
    expect(r.redact('CANARY-old-111 CANARY-new-222')).toBe(`CANARY-old-111 ${REDACTED}`);
    r.unregister('profile:a:');
    expect(r.redact('CANARY-new-222')).toBe('CANARY-new-222');
    const release = r.hold(['CANARY-draft-333']);
    expect(r.redact('CANARY-draft-333')).toBe(REDACTED);
    release();
    expect(r.redact('CANARY-draft-333')).toBe('CANARY-draft-333');
  });

  it('holds bounded memory whatever is added', () => {
    const r = new Redactor();
    r.add('api-token-5f2c9e1d7a');
    for (let i = 0; i < 100; i++) r.add(`${i}-${'x'.repeat(800_000)}`);
    for (let i = 0; i < 600; i++) r.register(`profile:p${i}:authSecret`, `CANARY-${i}-${'y'.repeat(100)}`);
    const { values, chars } = r.size();
    expect(values).toBeLessThanOrEqual(REDACTOR_LIMITS.MAX_TRANSIENT + REDACTOR_LIMITS.MAX_OWNED);
    expect(chars).toBeLessThan(3_000_000);
    // Still working: the first unowned one (the API token, added at start-up) stays redacted, and
    // the newest stored secret.
    expect(r.redact('?token=api-token-5f2c9e1d7a')).toBe(`?token=${REDACTED}`);
    expect(r.redact(`x CANARY-599-${'y'.repeat(100)}`)).toBe(`x ${REDACTED}`);
  });

  it('starts clean after a reset: the next core of the same process is not refused its secrets', () => {
    const r = new Redactor();
    for (let i = 0; i < REDACTOR_LIMITS.MAX_TRANSIENT; i++) r.add(`CANARY-earlier-${i}`);
    r.add('CANARY-later-1');
    expect(r.redact('CANARY-later-1')).toBe('CANARY-later-1'); // full: the first ones stay for good
    r.register('profile:a:authSecret', 'CANARY-owned-1');
    r.reset();
    expect(r.size().values).toBe(0);
    expect(r.redact('CANARY-earlier-0 CANARY-owned-1')).toBe('CANARY-earlier-0 CANARY-owned-1');
    r.add('CANARY-later-1');
    expect(r.redact('CANARY-later-1')).toBe(REDACTED);
  });
});
