import type { NoticeSink, SecretCipher } from './ports';

/**
 * A weak or missing keychain is worth knowing before the user types a secret. When there is none,
 * the notice says why in the cipher's own words (which file or keyring, and what to do).
 */
export async function warnAboutWeakStorage(cipher: SecretCipher, notify: NoticeSink): Promise<void> {
  const tier = await cipher.tier();
  if (tier !== 'weak' && tier !== 'unavailable') return;
  notify({
    level: 'warning',
    source: 'vault',
    message:
      tier === 'weak'
        ? 'Only weak secret storage is available on this machine (no OS keychain answered). Saving a profile asks for your consent first.'
        : `This machine cannot encrypt secrets right now: profiles with secrets cannot be saved or used. Why: ${(await cipher.describe()).replace(/^unavailable: /, '')}.`,
    // The cipher's own words (which keyring or key file) stay in the English message and the log.
    code: tier === 'weak' ? 'notice.vault.weak' : 'notice.vault.unavailable',
  });
}
