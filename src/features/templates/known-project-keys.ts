import type { UiState } from './ui-state';

/** How many project keys are remembered per profile (most recently used first). */
const MAX_KNOWN_KEYS = 20;

function knownKeysKey(profileId: string | null): string {
  return `templates.project-keys.${profileId ?? '_none'}`;
}

/** The remembered list, or [] when there is none or it is not a list of keys (never throws). */
function readKnownKeys(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return uniqueKeys(value.filter((k): k is string => typeof k === 'string'));
}

/** Trimmed, non-empty, first occurrence kept, at most MAX_KNOWN_KEYS. */
export function uniqueKeys(keys: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const key of keys) {
    const k = key.trim();
    if (k !== '' && !seen.has(k)) seen.add(k);
  }
  return [...seen].slice(0, MAX_KNOWN_KEYS);
}

/**
 * The project keys a send has worked with, per profile: offered in the project key field so an
 * operator with User credentials does not need to look the key up again.
 */
export class KnownProjectKeys {
  constructor(private readonly ui: UiState) {}

  async load(profileId: string | null): Promise<string[]> {
    const answer = await this.ui.get(knownKeysKey(profileId));
    return answer.ok ? readKnownKeys(answer.value.value) : [];
  }

  /** Put `key` first; returns the new list (kept even when the core could not store it). */
  async remember(profileId: string | null, known: readonly string[], key: string): Promise<string[]> {
    const next = uniqueKeys([key, ...known]);
    await this.ui.set(knownKeysKey(profileId), next);
    return next;
  }
}
