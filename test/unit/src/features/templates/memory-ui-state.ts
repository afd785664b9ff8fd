import type { AppError, Result } from '../../../../../electron/shared/contract';
import type { UiState } from '../../../../../src/features/templates/ui-state';

/** The core's ui state in memory (JSON round trip, as over the wire), with switchable failures. */
export class MemoryUiState implements UiState {
  readonly items = new Map<string, unknown>();
  /** Set to make every get fail with this error. */
  getError: AppError | null = null;
  /** Return an error to make a set of this key fail. */
  setError: (key: string, value: unknown) => AppError | null = () => null;
  readonly writes: string[] = [];

  async get(key: string): Promise<Result<{ value: unknown }>> {
    if (this.getError) return { ok: false, error: this.getError };
    const v = this.items.get(key);
    return {
      ok: true,
      value: { value: v === undefined ? null : (JSON.parse(JSON.stringify(v)) as unknown) },
    };
  }

  async set(key: string, value: unknown): Promise<Result<{ saved: true }>> {
    const error = this.setError(key, value);
    if (error) return { ok: false, error };
    this.writes.push(key);
    if (value === null) this.items.delete(key);
    else this.items.set(key, JSON.parse(JSON.stringify(value)) as unknown);
    return { ok: true, value: { saved: true } };
  }
}

export class MemoryLegacyStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

export const networkDown: AppError = {
  kind: 'network',
  message: 'The browser shell cannot be reached (Failed to fetch).',
};
