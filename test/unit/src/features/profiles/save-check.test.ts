import { describe, expect, it } from 'vitest';
import type { ProfileTestResult } from '../../../../../electron/shared/profile';
import { emptyDraft } from '../../../../../src/features/profiles/profile-draft';
import { saveCheck, testFingerprint } from '../../../../../src/features/profiles/save-check';

const draft = {
  ...emptyDraft('user'),
  name: 'Site A',
  baseUrl: 'https://iot.example.com',
  keys: { userKey: 'u', authKey: 'a' },
  secrets: { authSecret: 's' },
};
const result = (ok: boolean): ProfileTestResult => ({
  ok,
  credentialType: 'user',
  message: ok ? 'Connected' : 'The platform refused: invalid authSecret',
  operations: {
    listProducts: { allowed: true },
    listDevices: { allowed: true },
    streamStart: { allowed: true },
    createTemplate: { allowed: true },
  },
});

describe('saving asks first unless this very connection passed its test', () => {
  it('saves a draft whose connection passed without asking', () => {
    expect(saveCheck(draft, { fingerprint: testFingerprint(draft), result: result(true) })).toEqual({
      kind: 'tested',
    });
  });

  it('asks when nothing was tested, or the test failed', () => {
    expect(saveCheck(draft, null)).toEqual({ kind: 'untested' });
    const failed = result(false);
    expect(saveCheck(draft, { fingerprint: testFingerprint(draft), result: failed })).toEqual({
      kind: 'failed',
      result: failed,
    });
  });

  it('counts a test of what has changed since as no test, but not a new name', () => {
    const tested = { fingerprint: testFingerprint(draft), result: result(true) };
    expect(saveCheck({ ...draft, name: 'Site A (north)' }, tested)).toEqual({ kind: 'tested' });
    expect(saveCheck({ ...draft, secrets: { authSecret: 'other' } }, tested)).toEqual({ kind: 'untested' });
    expect(saveCheck({ ...draft, baseUrl: 'https://other.example.com' }, tested)).toEqual({
      kind: 'untested',
    });
    expect(saveCheck({ ...draft, placement: 'headers' }, tested)).toEqual({ kind: 'untested' });
    expect(saveCheck({ ...draft, keys: { ...draft.keys, authKey: 'b' } }, tested)).toEqual({
      kind: 'untested',
    });
    // What another credential type's fields hold does not matter.
    expect(saveCheck({ ...draft, keys: { ...draft.keys, productKey: 'p' } }, tested)).toEqual({
      kind: 'tested',
    });
  });

  it('lets an edit that keeps the saved connection (a new name) save without a test', () => {
    const saved = { ...draft, id: 'site-a', secrets: {} };
    expect(saveCheck({ ...saved, name: 'Site A (north)' }, null, saved)).toEqual({ kind: 'unchanged' });
    expect(saveCheck({ ...saved, baseUrl: 'https://other.example.com' }, null, saved)).toEqual({
      kind: 'untested',
    });
    expect(saveCheck({ ...saved, secrets: { authSecret: 'rotated' } }, null, saved)).toEqual({
      kind: 'untested',
    });
  });
});
