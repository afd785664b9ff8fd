import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../../../electron/shared/profile';
import {
  checkDraft,
  draftFromProfile,
  emptyDraft,
  fieldErrors,
  isWeakStorageRefusal,
  secretIsStored,
  secretRebindReason,
  toSaveInput,
} from '../../../../../src/features/profiles/profile-draft';

const saved: ProfileView = {
  id: 'site-a',
  name: 'Site A',
  baseUrl: 'https://iot.example.com/api',
  placement: 'headers',
  credentialType: 'user',
  keys: { userKey: 'u1', authKey: 'a1' },
  secrets: { authSecret: { configured: true } },
  storageTier: 'strong',
  selected: true,
};

describe('profile draft', () => {
  it('sends only the chosen type’s fields, trimmed, and leaves blank secrets out', () => {
    const draft = {
      ...emptyDraft('product'),
      name: ' Site B ',
      baseUrl: ' http://10.0.0.5:8080 ',
      keys: { productKey: ' pk1 ', queryKey: 'qk1', userKey: 'typed before switching' },
      secrets: { querySecret: 's3cret', authSecret: 'other type' },
    };
    expect(toSaveInput(draft, { select: true })).toEqual({
      name: 'Site B',
      baseUrl: 'http://10.0.0.5:8080',
      placement: 'query',
      credentialType: 'product',
      keys: { productKey: 'pk1', queryKey: 'qk1' },
      secrets: { querySecret: 's3cret' },
      select: true,
    });
    expect(toSaveInput({ ...draft, secrets: { querySecret: '' } }).secrets).toBeUndefined();
  });

  it('keeps what was typed for another type when the type is switched back', () => {
    const draft = { ...emptyDraft('user'), keys: { userKey: 'u', productKey: 'pk' } };
    const asProduct = { ...draft, credentialType: 'product' as const };
    const back = { ...asProduct, credentialType: 'user' as const };
    expect(toSaveInput(back).keys).toEqual({ userKey: 'u', authKey: '' });
    expect(toSaveInput(asProduct).keys).toEqual({ productKey: 'pk', queryKey: '' });
  });

  it('fills the form from a saved profile, secrets blank, id kept', () => {
    const draft = draftFromProfile(saved);
    expect(draft).toMatchObject({
      id: 'site-a',
      placement: 'headers',
      keys: { userKey: 'u1', authKey: 'a1' },
    });
    expect(draft.secrets).toEqual({});
    expect(toSaveInput(draft)).toMatchObject({ id: 'site-a' });
    expect(toSaveInput(draft).secrets).toBeUndefined();
  });

  it('asks a new profile for every field, named by its path', () => {
    const problems = fieldErrors(checkDraft(emptyDraft('user')));
    expect(Object.keys(problems).sort()).toEqual([
      'baseUrl',
      'keys.authKey',
      'keys.userKey',
      'name',
      'secrets.authSecret',
    ]);
    expect(problems['keys.userKey']).toBe('userKey is required');
  });

  it('rejects a base URL with a user name in it', () => {
    const draft = { ...draftFromProfile(saved), baseUrl: 'https://me:pw@iot.example.com' };
    expect(fieldErrors(checkDraft(draft, saved)).baseUrl).toMatch(/without user name or password/);
  });

  it('lets an edit keep the stored secret, but not after a change of type', () => {
    expect(checkDraft(draftFromProfile(saved), saved)).toEqual([]);
    const retyped = {
      ...draftFromProfile(saved),
      credentialType: 'device' as const,
      keys: { deviceKey: 'dk' },
    };
    expect(fieldErrors(checkDraft(retyped, saved))).toEqual({
      'secrets.queryToken': 'queryToken is required when the credential type changes',
    });
  });

  it('asks for the secret again, in plain words, when the platform address or a key changes', () => {
    const draft = draftFromProfile(saved);
    // Same origin, other path: the stored secret still serves.
    const samePlatform = { ...draft, baseUrl: 'https://IOT.example.com:443/v2' };
    expect(secretRebindReason(samePlatform, saved)).toBeUndefined();
    expect(secretIsStored(samePlatform, saved, 'authSecret')).toBe(true);

    const moved = { ...draft, baseUrl: 'https://other.example.com/api' };
    const why = 'Type the secret again: a saved secret is only sent to the platform it was entered for.';
    expect(secretRebindReason(moved, saved)).toBe(why);
    expect(secretIsStored(moved, saved, 'authSecret')).toBe(false);
    expect(fieldErrors(checkDraft(moved, saved))).toEqual({ 'secrets.authSecret': why });
    expect(secretRebindReason({ ...draft, baseUrl: 'http://iot.example.com/api' }, saved)).toBe(why);

    const rekeyed = { ...draft, keys: { ...draft.keys, authKey: 'a2' } };
    expect(secretRebindReason(rekeyed, saved)).toMatch(/only used with the keys it was entered with/);
    expect(checkDraft({ ...moved, secrets: { authSecret: 'typed again' } }, saved)).toEqual([]);
    // A new profile has nothing saved to re-bind.
    expect(secretRebindReason(emptyDraft('user'), undefined)).toBeUndefined();
  });

  it('keeps the first message per path', () => {
    expect(
      fieldErrors([
        { path: 'name', message: 'first' },
        { path: 'name', message: 'second' },
      ]),
    ).toEqual({ name: 'first' });
  });

  it('asks for the secret again when a media host is set or changed, not when it is removed', () => {
    const withHost: ProfileView = { ...saved, mediaHost: { http: 'media.example.com:8080' } };
    const draft = draftFromProfile(withHost);
    expect(secretRebindReason(draft, withHost)).toBeUndefined();
    expect(checkDraft(draft, withHost)).toEqual([]);
    // Same host in other case and spacing: the same binding.
    expect(
      secretRebindReason({ ...draft, mediaHost: { http: ' MEDIA.example.com:8080 ', https: '' } }, withHost),
    ).toBeUndefined();

    const elsewhere = { ...draft, mediaHost: { http: 'capture.example.net:80', https: '' } };
    expect(secretRebindReason(elsewhere, withHost)).toMatch(
      /^Type the secret again: the http media host changed \(from media\.example\.com:8080 to capture\.example\.net:80\)/,
    );
    expect(secretIsStored(elsewhere, withHost, 'authSecret')).toBe(false);
    expect(fieldErrors(checkDraft(elsewhere, withHost))['secrets.authSecret']).toMatch(
      /^Type the secret again: the http media host changed/,
    );
    // A first media host on a profile that had none is a change too.
    const first = { ...draftFromProfile(saved), mediaHost: { http: '', https: 'capture.example.net' } };
    expect(secretRebindReason(first, saved)).toMatch(
      /https media host changed \(from none to capture\.example\.net\)/,
    );
    // Removing the override sends streams where the platform itself says: nothing to type again.
    expect(secretRebindReason({ ...draft, mediaHost: { http: '', https: '' } }, withHost)).toBeUndefined();
  });

  it('recognises the weak-storage refusal by its kind, not by its words', () => {
    expect(isWeakStorageRefusal({ kind: 'weak-storage', message: 'Storage is poor here' })).toBe(true);
    // Words alone (another vault error that mentions "weak") are not the refusal.
    expect(isWeakStorageRefusal({ kind: 'vault', message: 'Only weak secret storage is available…' })).toBe(
      false,
    );
    expect(isWeakStorageRefusal({ kind: 'vault', message: 'cannot encrypt secrets' })).toBe(false);
  });
});
