import { CREDENTIAL_FIELDS } from '../shared/domain';
import { DEMO_PROFILE } from '../shared/profile';
import { CoreError } from './core-error';
import type { CredentialVault, VaultProfile } from './credential-vault';
import type { DemoLaunch, DemoLauncher } from './ports';

/** The id of the profile demo:start creates; a call with it restarts the demo platform if needed. */
export const DEMO_PROFILE_ID = DEMO_PROFILE.id;
const DEMO_PROFILE_NAME = DEMO_PROFILE.name;

/**
 * The embedded demo platform as the core sees it: started once through the shell's launcher, and
 * its profile (re)written with the address and login of this run, since it listens on a new port
 * each time.
 */
export class DemoLifecycle {
  private running: Promise<DemoLaunch> | undefined;

  constructor(
    private readonly deps: {
      launcher: DemoLauncher | undefined;
      vault: CredentialVault;
      /** The demo profile changed: drop what was cached for it. */
      onProfile: (profileId: string) => void;
    },
  ) {}

  get available(): boolean {
    return this.deps.launcher !== undefined;
  }

  async start(): Promise<{ baseUrl: string; profile: VaultProfile }> {
    const launch = this.deps.launcher;
    if (!launch)
      throw new CoreError('not-configured', 'This shell cannot start the demo platform.', undefined, {
        code: 'demo.unavailable',
      });
    this.running ??= launch().catch((e: unknown) => {
      this.running = undefined;
      const technical = (e as Error).message;
      throw new CoreError('internal', `The demo platform did not start: ${technical}`, undefined, {
        code: 'demo.notStarted',
        params: { technical },
      });
    });
    const { baseUrl, credentials } = await this.running;
    const fields = CREDENTIAL_FIELDS[credentials.type];
    const record = credentials as unknown as Record<string, string>;
    const profile = await this.deps.vault.save({
      id: DEMO_PROFILE_ID,
      name: DEMO_PROFILE_NAME,
      baseUrl,
      placement: 'query',
      credentialType: credentials.type,
      keys: Object.fromEntries(fields.keys.map((k) => [k, record[k]])),
      secrets: Object.fromEntries(fields.secrets.map((k) => [k, record[k]])),
      // The demo login is printed for anyone to use: protecting it weakly loses nothing.
      acceptWeakStorage: true,
    });
    this.deps.onProfile(DEMO_PROFILE_ID);
    return { baseUrl, profile };
  }

  /** The demo profile, with its platform brought back first when this run has not started it yet. */
  async prepare(profile: VaultProfile): Promise<VaultProfile> {
    if (profile.id !== DEMO_PROFILE_ID || !this.deps.launcher || this.running) return profile;
    return (await this.start()).profile;
  }
}
