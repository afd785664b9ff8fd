import type { SecretCipher } from '../../electron/core/ports';
import type { CipherTier } from '../../electron/shared/profile';

const MARK = 0x54; // 'T'

/**
 * A reversible test cipher: bytes XOR a fixed mask, behind a marker byte. Not encryption, but the
 * plain text never appears in its output, so tests can still assert that no secret is stored
 * readable. Its tier is 'test' unless given ('weak' and 'unavailable' stand in for Linux basic_text
 * and a machine without any keychain).
 */
export class TestCipher implements SecretCipher {
  encryptions = 0;

  constructor(private currentTier: CipherTier = 'test') {}

  setTier(tier: CipherTier): void {
    this.currentTier = tier;
  }

  async tier(): Promise<CipherTier> {
    return this.currentTier;
  }

  async describe(): Promise<string> {
    return `test cipher (${this.currentTier})`;
  }

  async encrypt(plain: string): Promise<Uint8Array> {
    if (this.currentTier === 'unavailable') throw new Error('encryption is not available');
    this.encryptions++;
    const bytes = new TextEncoder().encode(plain);
    return Uint8Array.from([MARK, ...bytes.map((b, i) => b ^ ((0xa5 + i) % 256))]);
  }

  async decrypt(data: Uint8Array): Promise<string> {
    if (data[0] !== MARK) throw new Error('not made by the test cipher');
    return new TextDecoder().decode(data.slice(1).map((b, i) => b ^ ((0xa5 + i) % 256)));
  }
}
