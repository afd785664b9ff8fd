/** Provisioning files for the browser shell's tests. */

export const GOOD_PROVISIONING = {
  version: 1,
  profiles: [
    {
      id: 'plant-a',
      name: 'Plant A',
      baseUrl: 'http://127.0.0.1:9',
      placement: 'headers',
      credentials: { type: 'user', userKey: 'u-1', authKey: 'a-1', authSecret: 'provisioned-secret' },
    },
  ],
  layouts: [
    {
      id: 'lobby',
      name: 'Lobby',
      profile: 'plant-a',
      grid: { columns: 2, rows: 1 },
      tiles: [{ deviceKey: 'd-1' }],
    },
  ],
};

export const BROKEN_PROVISIONING = {
  version: 1,
  profiles: [
    {
      id: 'plant-a',
      name: '',
      baseUrl: 'ftp://x',
      credentials: { type: 'user', userKey: 'u-1', authSecret: 's' },
    },
  ],
  layouts: [{ id: 'lobby', name: 'Lobby', profile: 'nowhere', grid: { columns: 2, rows: 1 }, tiles: [] }],
};

/** Paths every refusal of BROKEN_PROVISIONING must name. */
export const BROKEN_PATHS = [
  '$.profiles[0].name',
  '$.profiles[0].baseUrl',
  '$.profiles[0].credentials.authKey',
  '$.layouts[0].profile',
];
