import { CoreError } from './core-error';
import { originOf, type Connection, type CredentialVault, type VaultProfile } from './credential-vault';
import type { Http } from './http-port';
import type { Logger } from './logger';
import { PlatformClient, type RequestOutcome } from './platform-client';
import type { SettingsStore } from './settings-store';

/**
 * One PlatformClient per saved profile, built from the vault's connection and kept until the profile
 * changes (its updatedAt), so the redactor and the client's state are not rebuilt on every call.
 */
export class PlatformClients {
  private readonly cache = new Map<string, { updatedAt: number; client: PlatformClient }>();

  constructor(
    private readonly deps: {
      vault: CredentialVault;
      settings: SettingsStore;
      http?: Http;
      log: Logger;
      timeoutMs?: number;
      /** Called before a profile's client is used: the demo profile's platform may need starting. */
      prepare?: (profile: VaultProfile) => Promise<VaultProfile>;
      /** How each request of a saved profile's client ended (the platform's health). */
      onOutcome?: (profileId: string, origin: string, outcome: RequestOutcome) => void;
    },
  ) {}

  /** The profile asked for, or the selected one; a clear error when there is none. */
  async resolve(profileId: string | undefined): Promise<VaultProfile> {
    const id = profileId ?? (await this.deps.settings.get()).selectedProfileId;
    if (!id)
      throw new CoreError(
        'not-configured',
        'No connection profile is selected. Create or select one first.',
        undefined,
        { code: 'notFound.noProfileSelected' },
      );
    const profile = await this.deps.vault.get(id);
    if (!profile)
      throw new CoreError('not-configured', `There is no connection profile "${id}".`, undefined, {
        code: 'notFound.profile',
        params: { id },
      });
    return profile;
  }

  async for(profileId: string | undefined): Promise<{ profile: VaultProfile; client: PlatformClient }> {
    let profile = await this.resolve(profileId);
    if (this.deps.prepare) profile = await this.deps.prepare(profile);
    const cached = this.cache.get(profile.id);
    if (cached && cached.updatedAt === profile.updatedAt) return { profile, client: cached.client };
    const connection = await this.deps.vault.connectionFor(profile.id);
    const origin = originOf(connection.baseUrl) ?? connection.baseUrl;
    const onOutcome = this.deps.onOutcome;
    const client = this.build(connection, onOutcome && ((outcome) => onOutcome(profile.id, origin, outcome)));
    this.cache.set(profile.id, { updatedAt: profile.updatedAt, client });
    return { profile, client };
  }

  /** A client for a connection that is not (or not yet) a saved profile: the connection test's. */
  build(connection: Connection, onOutcome?: (outcome: RequestOutcome) => void): PlatformClient {
    const { timeoutMs } = this.deps;
    return new PlatformClient(
      { ...connection, ...(timeoutMs !== undefined && { timeoutMs }) },
      { http: this.deps.http, logger: this.deps.log.child('platform'), onOutcome },
    );
  }

  forget(profileId: string): void {
    this.cache.delete(profileId);
  }
}
