import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../../../electron/shared/profile';
import {
  checkDraft,
  draftFromProfile,
  emptyDraft,
  fieldErrors,
  toSaveInput,
} from '../../../../../src/features/profiles/profile-draft';

const draft = (mediaHost: { http: string; https: string }) => ({
  ...emptyDraft('device'),
  name: 'Site',
  baseUrl: 'http://10.0.0.2:8080',
  keys: { deviceKey: 'dk' },
  secrets: { queryToken: 't' },
  mediaHost,
});

describe('the media host in the profile draft', () => {
  it('is sent trimmed, only the fields typed, and not at all when both are blank', () => {
    expect(toSaveInput(draft({ http: ' 203.0.113.7:8080 ', https: '' })).mediaHost).toEqual({
      http: '203.0.113.7:8080',
    });
    expect(toSaveInput(draft({ http: '', https: '' }))).not.toHaveProperty('mediaHost');
    expect(toSaveInput(draft({ http: 'a.example', https: 'b.example:8443' })).mediaHost).toEqual({
      http: 'a.example',
      https: 'b.example:8443',
    });
  });

  it('is checked as host[:port], each problem at its field', () => {
    const errors = fieldErrors(checkDraft(draft({ http: 'http://x.example/live', https: 'ok.example:443' })));
    expect(errors['mediaHost.http']).toMatch(/host or host:port/);
    expect(errors['mediaHost.https']).toBeUndefined();
    expect(checkDraft(draft({ http: '[2001:db8::1]:80', https: '' }))).toEqual([]);
  });

  it('comes back into the form from a saved profile', () => {
    const view = {
      id: 'p',
      name: 'Site',
      baseUrl: 'http://10.0.0.2:8080',
      placement: 'query',
      credentialType: 'device',
      keys: { deviceKey: 'dk' },
      secrets: { queryToken: { configured: true } },
      storageTier: 'test',
      selected: true,
      mediaHost: { https: 'media.example.com:8443' },
    } satisfies ProfileView;
    expect(draftFromProfile(view).mediaHost).toEqual({ http: '', https: 'media.example.com:8443' });
    expect(draftFromProfile({ ...view, mediaHost: undefined }).mediaHost).toEqual({ http: '', https: '' });
  });
});
