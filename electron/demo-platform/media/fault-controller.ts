import { z } from 'zod';

/** A misbehaviour switched on for a device or a stream, so players' recovery can be tested. */
export const FaultSchema = z.discriminatedUnion('type', [
  /** Cut the connection N s after it opens (or after the fault is set, for connections already open). */
  z.object({ type: z.literal('drop'), afterSeconds: z.number().min(0).max(86_400) }),
  /** Keep the socket open but send nothing for N s; then carry on (from the next keyframe) or close. */
  z.object({
    type: z.literal('stall'),
    seconds: z.number().positive().max(86_400),
    then: z.enum(['resume', 'close']).default('resume'),
  }),
  /** Answer new requests with this status. */
  z.object({
    type: z.literal('refuse'),
    status: z.union([z.literal(403), z.literal(404), z.literal(500)]),
  }),
  /** Let bytes out no faster than this. */
  z.object({ type: z.literal('throttle'), kbps: z.number().positive().max(1_000_000) }),
  /** The device is offline: streamStart fails with 503 and its open streams end. */
  z.object({ type: z.literal('offline') }),
  /** Random bytes instead of media. */
  z.object({ type: z.literal('garbage') }),
  /**
   * The camera is reconfigured: its open FLV streams switch to a picture of another size (the HD clip,
   * or back from it) at the next keyframe, with a new sequence header, on the same connection; cleared,
   * they switch back. Other formats and new connections are not affected.
   */
  z.object({ type: z.literal('reconfigure') }),
  /**
   * Pictures lost in part on the camera's way to the server (GB28181 over UDP): the next keyframes of
   * each FLV stream open when it is set go out damaged (damaged-picture.ts). New connections, and other
   * formats, are served clean.
   */
  z.object({
    type: z.literal('damage'),
    /**
     * How each of the next keyframes goes out, in order: `zeroed`, half the picture lost; `not-idr`, its
     * IDR slice relabelled non-IDR (a "keyframe" a decoder cannot start from).
     */
    keyframes: z
      .array(z.enum(['zeroed', 'not-idr']))
      .min(1)
      .max(1_000),
  }),
]);
type Fault = z.infer<typeof FaultSchema>;
/** What callers may pass: `then` of a stall may be left out. */
export type FaultInput = z.input<typeof FaultSchema>;

/** A fault as set, with when (for `drop` on request-per-segment HLS). */
export interface ActiveFault {
  target: string;
  fault: Fault;
  setAt: number;
}

/**
 * The faults in force, keyed by a deviceKey or a streamId. A stream's own fault wins over its device's.
 * Listeners hear every change so open connections can follow.
 */
export class FaultController {
  private readonly faults = new Map<string, ActiveFault>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Set (or replace) the fault of a device or stream. Throws a ZodError for an invalid fault. */
  set(target: string, fault: FaultInput): ActiveFault {
    if (typeof target !== 'string' || target.length === 0) throw new Error('a fault needs a target');
    const active = { target, fault: FaultSchema.parse(fault), setAt: this.now() };
    this.faults.set(target, active);
    this.changed();
    return active;
  }

  /** Clear one target's fault, or every fault. Returns how many were cleared. */
  clear(target?: string): number {
    let count: number;
    if (target === undefined) {
      count = this.faults.size;
      this.faults.clear();
    } else {
      count = this.faults.delete(target) ? 1 : 0;
    }
    if (count > 0) this.changed();
    return count;
  }

  /** The fault that applies to this device's stream, if any. */
  resolve(deviceKey: string, streamId?: string): ActiveFault | undefined {
    return (streamId !== undefined ? this.faults.get(streamId) : undefined) ?? this.faults.get(deviceKey);
  }

  list(): ActiveFault[] {
    return [...this.faults.values()];
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
