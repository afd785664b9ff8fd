import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { isLoopback } from './admin-routes';
import type { ClipTicker } from './clip-ticker';
import type { ActiveFault, FaultController } from './fault-controller';
import { corsHeaders, sendText } from './media-reply';
import type { StreamRecord } from './stream-registry';
import { OfferError, WebRtcPeer } from './webrtc-peer';
import { WHEP_PATH, type RtcShape, type WebRtcRoute } from './webrtc-routes';
import { looksLikeSdp } from './webrtc-sdp';

/** An SDP offer is a few KiB; anything much larger is not one. */
const MAX_OFFER_BYTES = 64 * 1024;
/** Sessions open at once, all streams together: a bound on what a buggy client can make us hold. */
const MAX_SESSIONS = 256;

const CORS = corsHeaders('POST, DELETE, OPTIONS');

/** How the media server admits a play request: the stream and its fault, a refusal, or a cut. */
export type WebRtcAdmission =
  | { record: StreamRecord; fault?: ActiveFault }
  | { status: number; message: string; reason?: 'auth' | 'not-found' | 'denied' | 'refused' }
  | { cut: true };

export interface WebRtcEndpointOptions {
  /** Find the stream, check the secret, apply the faults that refuse before anything flows (stall too). */
  admit: (app: string, streamId: string, secret: string | null, socket: Duplex) => Promise<WebRtcAdmission>;
  tickerOf: (record: StreamRecord) => ClipTicker;
  faults: FaultController;
  log?: (line: string) => void;
  /**
   * ZLMediaKit's answers to a refused play on its own endpoint (the ZLMediaKit habits), always HTTP 200:
   * the play throws and /index/api/webrtc answers API::Exception, `{"code":-400,"msg":"[auth failed]: …"}`
   * for a refused secret, `-400` "stream not found" for an unknown or offline stream (or a `refuse` 404),
   * `-400` with the status text for a `refuse` 500; its access check (API::AuthFailed) answers `-100`,
   * for a `refuse` 403 and a client off loopback. Default: the HTTP status with `{"code":-1}`.
   */
  zlmRefusals?: boolean;
}

/**
 * WebRTC play on the media server, in the two shapes platforms use; the browser's offer in, the answer out:
 *
 * - ZLMediaKit: `POST /index/api/webrtc?app=&stream=&type=play&secret=` with the offer as the body →
 *   `200 {"code":0,"id":…,"sdp":…,"type":"answer"}`; an offer it cannot answer (wrong `type`, no H.264,
 *   not SDP) → `200 {"code":-400,"msg":…}` as ZLMediaKit does.
 * - WHEP (RFC 9725): `POST /index/api/whep?…` with `application/sdp` → `201`, the answer as
 *   `application/sdp` and `Location: /index/api/whep/<session>`; `DELETE` that ends the session.
 *
 * In both, the stream's secret is checked (403), an unknown stream is 404, and the faults apply as they do
 * to the other formats (`refuse`: that status; `offline`: 404; `stall`: the offer waits; `drop`: the
 * session closes N s after it opens). Loopback clients only, since the media goes over loopback only.
 */
export class WebRtcEndpoint {
  private readonly sessions = new Map<string, WebRtcPeer>();
  private closedFramesSent = 0;
  private closedFramesSkipped = 0;
  private readonly log: (line: string) => void;

  constructor(private readonly options: WebRtcEndpointOptions) {
    this.log = options.log ?? (() => undefined);
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Pictures sent and skipped by every session, open or closed. */
  counters(): { framesSent: number; framesSkipped: number } {
    let framesSent = this.closedFramesSent;
    let framesSkipped = this.closedFramesSkipped;
    for (const peer of this.sessions.values()) {
      framesSent += peer.counters.framesSent;
      framesSkipped += peer.counters.framesSkipped;
    }
    return { framesSent, framesSkipped };
  }

  /** Open sessions follow a fault that is set or cleared for their device or stream. */
  followFaults(): void {
    for (const peer of [...this.sessions.values()])
      peer.applyFault(this.options.faults.resolve(peer.deviceKey, peer.streamId));
  }

  close(): void {
    for (const peer of [...this.sessions.values()]) peer.close('the media server is closing');
  }

  async handle(req: IncomingMessage, res: ServerResponse, route: WebRtcRoute): Promise<void> {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    if (!isLoopback(req.socket.remoteAddress)) {
      const message = 'WebRTC play answers loopback clients only (its media goes over loopback only)';
      if (route.kind === 'offer' && this.options.zlmRefusals && route.shape === 'zlm')
        json(res, 200, { code: -100, msg: `Your ip is not allowed to access the service. (${message})` });
      else if (route.kind === 'offer') refuse(res, route.shape, 403, message);
      else text(res, 403, message);
      return;
    }
    if (route.kind === 'session') {
      if (req.method !== 'DELETE') {
        text(res, 405, 'Method not allowed', { Allow: 'DELETE, OPTIONS' });
        return;
      }
      const peer = this.sessions.get(route.sessionId);
      if (!peer) {
        text(res, 404, 'No such WebRTC session');
        return;
      }
      peer.close('the client ended the session (DELETE)');
      res.writeHead(200, { ...CORS, 'Content-Length': 0 });
      res.end();
      return;
    }
    if (req.method !== 'POST') {
      text(res, 405, 'Method not allowed', { Allow: 'POST, OPTIONS' });
      return;
    }
    await this.offer(req, res, route);
  }

  private async offer(
    req: IncomingMessage,
    res: ServerResponse,
    route: Extract<WebRtcRoute, { kind: 'offer' }>,
  ): Promise<void> {
    const body = await readBody(req, MAX_OFFER_BYTES);
    if (body === null) {
      refuse(res, route.shape, 413, 'The offer is too large');
      return;
    }
    const admitted = await this.options.admit(route.app, route.streamId, route.secret, req.socket);
    if ('cut' in admitted) {
      req.socket.destroy();
      return;
    }
    if ('status' in admitted) {
      if (this.options.zlmRefusals && route.shape === 'zlm') {
        const code = admitted.reason === 'denied' ? -100 : -400;
        const msg = admitted.reason === 'not-found' ? 'stream not found' : admitted.message;
        json(res, 200, { code, msg });
      } else {
        refuse(res, route.shape, admitted.status, admitted.message);
      }
      return;
    }
    if (route.type !== 'play') {
      unanswerable(res, route.shape, `type=${route.type} is not served here: only type=play`);
      return;
    }
    if (!looksLikeSdp(body)) {
      unanswerable(res, route.shape, 'the body is not an SDP offer');
      return;
    }
    if (this.sessions.size >= MAX_SESSIONS) {
      refuse(res, route.shape, 503, `Too many WebRTC sessions (${MAX_SESSIONS})`);
      return;
    }

    const { record, fault } = admitted;
    const id = randomBytes(16).toString('hex');
    const peer = new WebRtcPeer({
      id,
      deviceKey: record.deviceKey,
      streamId: record.streamId,
      ticker: this.options.tickerOf(record),
      log: this.log,
      onEnd: (p) => {
        if (this.sessions.get(p.id) !== p) return;
        this.sessions.delete(p.id);
        this.closedFramesSent += p.counters.framesSent;
        this.closedFramesSkipped += p.counters.framesSkipped;
      },
    });
    let answer: string;
    try {
      answer = await peer.answer(body);
    } catch (error) {
      peer.close('the offer could not be answered');
      const message = error instanceof Error ? error.message : String(error);
      unanswerable(res, route.shape, `the offer could not be answered: ${message}`);
      if (!(error instanceof OfferError)) this.log(`[media] webrtc offer failed: ${message}`);
      return;
    }
    if (res.destroyed || req.socket.destroyed) {
      peer.close('the client went away before the answer');
      return;
    }
    this.sessions.set(id, peer);
    // A stall at open has been served already (the offer waited); anything else applies from now.
    if (fault?.fault.type !== 'stall') peer.applyFault(fault);
    if (route.shape === 'whep') {
      res.writeHead(201, {
        ...CORS,
        'Content-Type': 'application/sdp',
        Location: `${WHEP_PATH}/${id}`,
        'Cache-Control': 'no-store',
      });
      res.end(answer);
    } else {
      json(res, 200, { code: 0, id, sdp: answer, type: 'answer' });
    }
  }
}

/** The request body as text, or null when it is larger than `limit` bytes. */
async function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A refusal before any media: the HTTP status in both shapes (ZLMediaKit-style JSON body for that shape). */
function refuse(res: ServerResponse, shape: RtcShape, status: number, message: string): void {
  if (shape === 'zlm') json(res, status, { code: -1, msg: message });
  else text(res, status, message);
}

/** An offer this server cannot answer: ZLMediaKit says so in its JSON (HTTP 200); WHEP with a 400. */
function unanswerable(res: ServerResponse, shape: RtcShape, message: string): void {
  if (shape === 'zlm') json(res, 200, { code: -400, msg: message });
  else text(res, 400, message);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, {
    ...CORS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': bytes.length,
    'Cache-Control': 'no-store',
  });
  res.end(bytes);
}

function text(
  res: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
): void {
  sendText(res, status, message, { ...CORS, ...extra });
}
