import type { StreamPlayback } from '../shared/domain';

/** What streamStart needs from the media side of the demo platform. */
export interface StreamRequest {
  deviceKey: string;
  sipId: string;
  channelId: string;
}

/**
 * The media side of the demo platform, as the API sees it.
 *
 * `startStream` returns the 24-field playback result; it may throw a `DemoHttpError` (for example
 * 503 for a device set offline by a fault), which the API turns into its JSON error.
 */
export interface MediaBackend {
  startStream(request: StreamRequest): Promise<StreamPlayback>;
  close(): Promise<void>;
}

/** An error the demo platform answers as `{code, message, details}` with this status. */
export class DemoHttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'DemoHttpError';
  }
}
