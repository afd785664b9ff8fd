import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { adminListener } from './admin-routes';
import type { AudioTracks } from './camera-audio';
import type { Clip } from './clip-library';
import { ClipSources } from './clip-sources';
import type { ClipTicker } from './clip-ticker';
import type { ActiveFault, FaultController } from './fault-controller';
import { HlsGrants } from './hls-grants';
import { LiveTimeline } from './live-timeline';
import { corsHeaders, sendText } from './media-reply';
import { parseMediaPath, type MediaRoute } from './media-routes';
import type { StreamRecord, StreamRegistry } from './stream-registry';
import { HttpTransport, PacedTransport, WsTransport, type Transport } from './transport';
import { Viewer, type PushFormat } from './viewer';
import { WebRtcEndpoint, type WebRtcAdmission } from './webrtc-endpoint';
import { parseWebRtcPath } from './webrtc-routes';

const CONTENT_TYPES: Record<PushFormat | 'playlist' | 'segment', string> = {
  flv: 'video/x-flv',
  ts: 'video/mp2t',
  fmp4: 'video/mp4',
  playlist: 'application/vnd.apple.mpegurl',
  segment: 'video/mp2t',
};

const CORS = corsHeaders('GET, HEAD, OPTIONS');

export interface MediaServerOptions {
  clips: Clip[];
  registry: StreamRegistry;
  faults: FaultController;
  /** A viewer with more than this waiting in its socket skips to the next keyframe. */
  maxBufferedBytes: number;
  /** The clock of the live timeline (faults and secrets keep real time). */
  now?: () => number;
  /** FLV time of the live picture at the first viewer (see LiveMediaOptions). */
  flvLiveAtFirstUseMs?: number;
  /** Play a real ZLMediaKit's habits (see LiveMediaOptions.zlm), with every camera audio they need. */
  zlm?: { audio: AudioTracks };
}

export interface MediaStats {
  /** Open push connections (FLV, TS, fMP4 over HTTP or WebSocket). */
  viewers: number;
  /** Open WebRTC play sessions (both signalling shapes). */
  webrtcSessions: number;
  byFormat: Record<PushFormat, number>;
  /** Clip tickers running now: at most one per clip, however many viewers. */
  tickersRunning: number;
  /** Pictures the tickers have emitted (once each, not per viewer). */
  framesEmitted: number;
  /** Pictures written to viewers and WebRTC sessions, summed over those that have closed and that are open. */
  framesSent: number;
  /** Pictures viewers skipped to catch up at a keyframe (backpressure, stalls). */
  framesSkipped: number;
  hlsRequests: number;
  /** FLV time (ms, before the muxer keeps its low 32 bits) of the picture due now. */
  flvTimeMs: number;
}

/** A media request that may be served: its stream and the fault in force, if any. */
interface Admission {
  record: StreamRecord;
  fault?: ActiveFault;
}

/**
 * Why a media request is refused before any media flows: a status (and why: the secret, no such stream,
 * or a `refuse` fault), or a cut connection.
 */
type Refusal = { status: number; message: string; reason?: RefusalReason } | { cut: true };
type RefusalReason = 'auth' | 'not-found' | 'denied' | 'refused';

/** What a play request names: a media path, or a WebRTC offer for a stream. */
type PlayTarget = MediaRoute | { kind: 'webrtc'; app: string; streamId: string };

/**
 * The demo platform's media server: ZLMediaKit-style HTTP-FLV, WS-FLV, HLS, HTTP/WS MPEG-TS, HTTP/WS
 * fMP4 and WebRTC play (WHEP and ZLMediaKit's API, webrtc-endpoint.ts) on one loopback port, plus the
 * loopback-only fault switchboard at /admin/faults.
 */
export class MediaServer {
  private readonly server: Server;
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  private readonly timeline: LiveTimeline;
  private readonly sources: ClipSources;
  private readonly hlsGrants = new HlsGrants();
  private readonly viewers = new Set<Viewer>();
  private readonly pending = new Set<Duplex>();
  private closedFramesSent = 0;
  private closedFramesSkipped = 0;
  private hlsRequests = 0;
  private readonly unlistenFaults: () => void;
  private readonly admin: ReturnType<typeof adminListener>;
  private readonly webrtc: WebRtcEndpoint;

  constructor(private readonly options: MediaServerOptions) {
    this.timeline = new LiveTimeline(options.clips[0].fps, {
      now: options.now,
      flvLiveAtFirstUseMs: options.flvLiveAtFirstUseMs,
    });
    this.sources = new ClipSources(options.clips, this.timeline, options.zlm?.audio);
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        console.warn('[media] request failed:', error instanceof Error ? error.message : error);
        if (!res.headersSent) this.text(res, 500, 'Internal error');
        else res.destroy();
      });
    });
    this.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', () => socket.destroy());
      this.upgrade(req, socket, head).catch(() => socket.destroy());
    });
    this.server.on('clientError', (_error, socket: Duplex) => socket.destroy());
    this.webrtc = new WebRtcEndpoint({
      admit: (app, streamId, secret, socket): Promise<WebRtcAdmission> =>
        this.admitWithStall({ kind: 'webrtc', app, streamId }, secret, socket),
      tickerOf: (record) => this.tickerFor(record),
      zlmRefusals: options.zlm !== undefined,
      faults: options.faults,
      log: (line) => console.warn(line),
    });
    this.unlistenFaults = options.faults.onChange(() => this.followFaults());
    this.admin = adminListener(options.faults, (line) => console.warn(line));
  }

  async listen(port: number, host: string): Promise<AddressInfo> {
    await once(this.server.listen(port, host), 'listening');
    return this.server.address() as AddressInfo;
  }

  stats(): MediaStats {
    const byFormat: Record<PushFormat, number> = { flv: 0, ts: 0, fmp4: 0 };
    const rtc = this.webrtc.counters();
    let framesSent = this.closedFramesSent + rtc.framesSent;
    let framesSkipped = this.closedFramesSkipped + rtc.framesSkipped;
    for (const viewer of this.viewers) {
      byFormat[viewer.format] += 1;
      framesSent += viewer.counters.framesSent;
      framesSkipped += viewer.counters.framesSkipped;
    }
    return {
      viewers: this.viewers.size,
      webrtcSessions: this.webrtc.size,
      byFormat,
      tickersRunning: this.sources.tickers().filter((t) => t.running).length,
      framesEmitted: this.sources.tickers().reduce((n, t) => n + t.framesEmitted, 0),
      framesSent,
      framesSkipped,
      hlsRequests: this.hlsRequests,
      flvTimeMs: this.timeline.ms(this.timeline.indexAt()),
    };
  }

  /**
   * When (on the timeline's clock, performance.now by default) the picture a WebRTC session stamped with
   * this RTP timestamp was due: the latest picture with that timestamp, modulo 2^32, not after now. For
   * measuring how far behind live a WebRTC tile shows its pictures (the wall benchmark). Pictures of the
   * cached GOP, stamped 1 ms apart when a session starts, map between two due times.
   */
  webrtcPictureDueAt(rtpTimestamp: number): number {
    const { timeline } = this;
    const now = timeline.indexAt();
    const behind = (timeline.ticks90k(now) - rtpTimestamp) % 2 ** 32;
    const ticksPerPicture = 90_000 / timeline.fps;
    return timeline.dueAt(now - (behind < 0 ? behind + 2 ** 32 : behind) / ticksPerPicture);
  }

  async close(): Promise<void> {
    this.unlistenFaults();
    this.webrtc.close();
    for (const viewer of [...this.viewers]) viewer.destroy();
    for (const socket of this.pending) socket.destroy();
    for (const ticker of this.sources.tickers()) ticker.stop();
    this.wss.close();
    const closed = once(this.server, 'close');
    this.server.close();
    this.server.closeAllConnections();
    await closed;
  }

  private tickerFor(record: StreamRecord): ClipTicker {
    return this.sources.for(record.clipIndex, record.deviceKey).ticker;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://media.invalid');
    if (url.pathname.startsWith('/admin/')) {
      await this.admin(req, res);
      return;
    }
    const webrtc = parseWebRtcPath(url);
    if (webrtc) {
      await this.webrtc.handle(req, res, webrtc);
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      this.text(res, 405, 'Method not allowed', { Allow: 'GET, HEAD, OPTIONS' });
      return;
    }
    const route = parseMediaPath(url.pathname);
    if (!route) {
      this.text(res, 404, 'Not found');
      return;
    }
    const admitted = await this.admitWithStall(route, url.searchParams.get('secret'), req.socket);
    if ('cut' in admitted) {
      req.socket.destroy();
      return;
    }
    if ('status' in admitted) {
      this.text(res, admitted.status, admitted.message);
      return;
    }
    const { record, fault } = admitted;
    if (route.kind === 'push') {
      res.writeHead(200, {
        ...CORS,
        'Content-Type': CONTENT_TYPES[route.format],
        'Cache-Control': 'no-cache, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      res.flushHeaders();
      req.socket.setNoDelay(true);
      this.openViewer(route.format, record, new HttpTransport(res), fault, false);
      return;
    }
    this.serveHls(req, res, route, record, fault, url.searchParams.get('secret') ?? '');
  }

  /** Find the stream, check the secret, and apply faults that refuse before anything flows. */
  private admit(route: PlayTarget, secret: string | null, address: string | undefined): Admission | Refusal {
    const record = this.options.registry.lookup(route.app, route.streamId);
    if (!record) return { status: 404, message: 'Stream not found', reason: 'not-found' };
    if (!this.options.registry.verify(record, secret)) {
      const granted =
        this.options.zlm && route.kind === 'segment' && this.hlsGrants.allows(record.streamId, address);
      if (!granted) return this.secretRefused();
    } else if (this.options.zlm && route.kind === 'playlist') {
      this.hlsGrants.grant(record.streamId, address);
    }
    const fault = this.options.faults.resolve(record.deviceKey, record.streamId);
    if (fault?.fault.type === 'refuse') return this.refusedByFault(fault.fault.status);
    if (fault?.fault.type === 'offline')
      return { status: 404, message: 'Stream not found: the device is offline', reason: 'not-found' };
    if (
      fault?.fault.type === 'drop' &&
      (route.kind === 'playlist' || route.kind === 'segment') &&
      performance.now() - fault.setAt >= fault.fault.afterSeconds * 1000
    ) {
      // HLS is one request per segment: "dropped" means its requests are cut once the time is up.
      return { cut: true };
    }
    return { record, fault };
  }

  /**
   * Admit a request; under a `stall` fault, first hold it silent for the stall's seconds, then close it
   * or admit it afresh (the fault may have been cleared or changed meanwhile; the stall is not repeated).
   */
  private async admitWithStall(
    route: PlayTarget,
    secret: string | null,
    socket: Duplex,
  ): Promise<Admission | Refusal> {
    const address = (socket as Socket).remoteAddress;
    const admitted = this.admit(route, secret, address);
    if (!('record' in admitted) || admitted.fault?.fault.type !== 'stall') return admitted;
    const stall = admitted.fault.fault;
    if (!(await this.stallNew(socket, stall.seconds)) || stall.then === 'close') return { cut: true };
    return this.admit(route, secret, address);
  }

  /**
   * A `refuse` fault: its status. Under the ZLMediaKit habits a 403 is a play its access check denies,
   * answered as ZLMediaKit answers one: 401 with "[auth failed]" (WebRTC: code -100).
   */
  private refusedByFault(status: 403 | 404 | 500): Refusal {
    const reason: RefusalReason = status === 404 ? 'not-found' : status === 403 ? 'denied' : 'refused';
    if (this.options.zlm && status === 403)
      return { status: 401, message: '[auth failed]: code:-1 msg:refused by a fault', reason };
    return { status, message: STATUS_CODES[status] ?? 'Refused', reason };
  }

  /**
   * A missing, wrong or expired secret: 403 by default; as ZLMediaKit answers a play its on_play hook
   * refuses under its habits: 401 with "[auth failed]: code:<hook's code> msg:<hook's msg>".
   */
  private secretRefused(): Refusal {
    const message = 'missing, wrong or expired secret';
    return this.options.zlm
      ? { status: 401, message: `[auth failed]: code:-1 msg:${message}`, reason: 'auth' }
      : { status: 403, message: `Forbidden: ${message}`, reason: 'auth' };
  }

  /** Hold a new connection silent for `seconds`; false if the peer went away meanwhile. */
  private stallNew(socket: Duplex, seconds: number): Promise<boolean> {
    this.pending.add(socket);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        socket.off('close', onClose);
        this.pending.delete(socket);
        resolve(!socket.destroyed);
      }, seconds * 1000);
      const onClose = (): void => {
        clearTimeout(timer);
        this.pending.delete(socket);
        resolve(false);
      };
      socket.once('close', onClose);
    });
  }

  private openViewer(
    format: PushFormat,
    record: StreamRecord,
    transport: Transport,
    fault: ActiveFault | undefined,
    overWebSocket: boolean,
  ): void {
    const ticker = this.tickerFor(record);
    const { width, height } = ticker.clip;
    const other = this.options.clips.findIndex((c) => c.width !== width || c.height !== height);
    const otherSize = other < 0 ? undefined : this.sources.for(other, record.deviceKey).ticker;
    const viewer = new Viewer(
      format,
      record.deviceKey,
      record.streamId,
      transport,
      ticker,
      this.options.maxBufferedBytes,
      (v) => {
        this.viewers.delete(v);
        this.closedFramesSent += v.counters.framesSent;
        this.closedFramesSkipped += v.counters.framesSkipped;
      },
      otherSize,
      overWebSocket && this.options.zlm !== undefined,
    );
    this.viewers.add(viewer);
    // A stall at open has been served already (so it is only noted); anything else applies from now.
    viewer.applyFault(fault, { effects: fault?.fault.type !== 'stall' });
    viewer.start();
  }

  private serveHls(
    req: IncomingMessage,
    res: ServerResponse,
    route: Extract<MediaRoute, { kind: 'playlist' | 'segment' }>,
    record: StreamRecord,
    fault: ActiveFault | undefined,
    secret: string,
  ): void {
    this.hlsRequests += 1;
    const { segmenter } = this.sources.for(record.clipIndex, record.deviceKey);
    let body: Buffer;
    if (route.kind === 'playlist') {
      // ZLMediaKit's playlists name their segments relative to themselves, without the secret.
      const query = this.options.zlm ? '' : `?secret=${secret}`;
      body = Buffer.from(segmenter.playlist(query), 'utf8');
    } else {
      const segment = segmenter.segment(route.sequence);
      if (!segment) {
        this.text(res, 404, 'Segment not found or expired');
        return;
      }
      body = fault?.fault.type === 'garbage' ? randomBytes(segment.length) : segment;
    }
    res.writeHead(200, {
      ...CORS,
      'Content-Type': CONTENT_TYPES[route.kind],
      'Content-Length': body.length,
      'Cache-Control': route.kind === 'playlist' ? 'no-cache, no-store' : 'max-age=30',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (fault?.fault.type === 'throttle') {
      const paced = new PacedTransport(new HttpTransport(res));
      paced.setRate(fault.fault.kbps);
      paced.send([body]);
      paced.end();
      return;
    }
    res.end(body);
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://media.invalid');
    const route = parseMediaPath(url.pathname);
    if (!route || route.kind !== 'push') {
      rejectUpgrade(socket, 404, 'Not found: WebSocket play serves .live.flv, .live.ts and .live.mp4');
      return;
    }
    const admitted = await this.admitWithStall(route, url.searchParams.get('secret'), socket);
    if ('cut' in admitted) {
      socket.destroy();
      return;
    }
    if ('status' in admitted) {
      rejectUpgrade(socket, admitted.status, admitted.message);
      return;
    }
    const { record, fault } = admitted;
    this.wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      ws.on('error', () => ws.terminate());
      (socket as Socket).setNoDelay?.(true);
      this.openViewer(route.format, record, new WsTransport(ws), fault, true);
    });
  }

  /** Open connections follow a fault that is set or cleared for their device or stream. */
  private followFaults(): void {
    for (const viewer of [...this.viewers]) {
      viewer.applyFault(this.options.faults.resolve(viewer.deviceKey, viewer.streamId));
    }
    this.webrtc.followFaults();
  }

  private text(
    res: ServerResponse,
    status: number,
    message: string,
    extra: Record<string, string> = {},
  ): void {
    sendText(res, status, message, { ...CORS, ...extra });
  }
}

function rejectUpgrade(socket: Duplex, status: number, message: string): void {
  const body = `${message}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nAccess-Control-Allow-Origin: *\r\n` +
      `Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
