import { Emitter } from '../players/emitter';

/** A profile whose credentials the platform (or its media server) refused: the wall stopped asking. */
export interface ProfileRefusal {
  /** The tiles' profile key: the layout's profile id, or '' for the active profile. */
  profile: string;
  /** What the platform said (never a secret). */
  detail: string;
  /** Clock ms of the refusal. */
  at: number;
}

/**
 * The one place that decides whether the wall may ask the platform again with a profile's
 * credentials. A wrong secret retried by every tile every few seconds trips a real platform's account
 * lockout: the first refusal (a streams:start answered `auth`, or a media server's 401) holds every
 * tile of that profile, until the profile changes or the operator presses Retry (`lift`).
 */
export class ProfileRefusals {
  private readonly refused = new Map<string, ProfileRefusal>();
  /** The list as last changed: the same array until the next change (a store's snapshot). */
  private current: readonly ProfileRefusal[] = [];
  private readonly events = new Emitter<{ change: readonly ProfileRefusal[]; lifted: string }>((error) =>
    console.error('[wall] a refusal listener failed:', error),
  );

  isRefused(profile: string): boolean {
    return this.refused.has(profile);
  }

  /** Record a refusal; true the first time (later tiles of the same profile add nothing). */
  refuse(profile: string, detail: string, at: number): boolean {
    if (this.refused.has(profile)) return false;
    this.refused.set(profile, { profile, detail, at });
    this.current = [...this.refused.values()];
    this.events.emit('change', this.current);
    return true;
  }

  /** Ask again with this profile (it changed, or the operator said Retry); true if it was refused. */
  lift(profile: string): boolean {
    if (!this.refused.delete(profile)) return false;
    this.current = [...this.refused.values()];
    this.events.emit('change', this.current);
    this.events.emit('lifted', profile);
    return true;
  }

  /** Every refused profile, first refused first; the same array until something changes. */
  list(): readonly ProfileRefusal[] {
    return this.current;
  }

  onChange(listener: (refusals: readonly ProfileRefusal[]) => void): () => void {
    return this.events.on('change', listener);
  }

  onLifted(listener: (profile: string) => void): () => void {
    return this.events.on('lifted', listener);
  }
}
