import type { Clock } from '../../electron/core/ports';

/** A clock that moves only when told. */
export class ManualClock implements Clock {
  constructor(private ms = Date.UTC(2025, 0, 31, 12, 0, 0)) {}

  now(): number {
    return this.ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
