import type { RtpPacket } from 'werift';
import {
  loopbackPeerConnection,
  sendCloseNotify,
} from '../../../../electron/demo-platform/media/webrtc-peer';

/** One RTP packet as it arrived, with what the H.264 payload starts with. */
interface RtpArrival {
  /** performance.now() when it arrived (the demo's timeline runs on the same clock). */
  at: number;
  timestamp: number;
  sequence: number;
  marker: boolean;
  /** NAL unit type of the payload (24: STAP-A, 28: FU-A, else a single NAL unit). */
  nalType: number;
  /** For FU-A: the fragmented unit's type; for STAP-A: the types it aggregates; else nalType. */
  carries: number[];
}

export interface RtcSession {
  status: number;
  contentType: string | null;
  location: string | null;
  /** The answer (WHEP's body, ZLMediaKit's `sdp`), or the error body as text. */
  answer: string | null;
  body: string;
  packets: RtpArrival[];
  /** Resolves when this client's DTLS transport closes (the server sent close_notify). */
  closedByServer: Promise<void>;
  /** Resolves once `count` pictures (marker bits) have arrived, or rejects after `timeoutMs`. */
  pictures(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** POST a body to a signalling URL and read the answer. */
export async function post(url: string, body: string, contentType = 'application/sdp') {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': contentType }, body });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    location: res.headers.get('location'),
    allowOrigin: res.headers.get('access-control-allow-origin'),
    body: await res.text(),
  };
}

/** A receive-only werift peer (loopback only, like the demo's): its offer SDP and the peer. */
export async function receiveOnlyOffer() {
  const pc = loopbackPeerConnection();
  pc.addTransceiver('video', { direction: 'recvonly' });
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise<void>((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    // Loopback host candidates come in milliseconds; a busy machine took over 2 s, and an offer sent
    // without its candidate never connects.
    const timer = setTimeout(resolve, 15_000);
    pc.iceGatheringStateChange.subscribe((state) => {
      if (state === 'complete') {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { pc, offer: pc.localDescription!.sdp };
}

/**
 * Play a WebRTC URL of the demo with werift as the browser: offer, answer (either shape), then collect
 * the RTP packets of the video track.
 */
export async function playRtc(url: string): Promise<RtcSession> {
  const { pc, offer } = await receiveOnlyOffer();
  const packets: RtpArrival[] = [];
  const waiters = new Set<() => void>();
  pc.onTrack.subscribe((track) => {
    track.onReceiveRtp.subscribe((rtp: RtpPacket) => {
      const nalType = rtp.payload[0] & 0x1f;
      packets.push({
        at: performance.now(),
        timestamp: rtp.header.timestamp,
        sequence: rtp.header.sequenceNumber,
        marker: rtp.header.marker,
        nalType,
        carries: carried(rtp.payload),
      });
      for (const wake of [...waiters]) wake();
    });
  });
  const res = await post(url, offer);
  let answer: string | null = null;
  if (res.status === 201 && res.contentType?.startsWith('application/sdp')) answer = res.body;
  else if (res.status === 200) {
    const json = JSON.parse(res.body) as { code: number; sdp?: string };
    if (json.code === 0 && json.sdp) answer = json.sdp;
  }
  if (answer) await pc.setRemoteDescription({ type: 'answer', sdp: answer });
  else await pc.close();
  const closedByServer = new Promise<void>((resolve) => {
    for (const transport of pc.dtlsTransports)
      transport.onStateChange.subscribe((state) => {
        if (state === 'closed') resolve();
      });
  });
  return {
    ...res,
    answer,
    packets,
    closedByServer,
    pictures(count, timeoutMs = 30_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (packets.filter((p) => p.marker).length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`wanted ${count} pictures, got ${packets.filter((p) => p.marker).length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    // As a browser does: say so (DTLS close_notify), then close.
    close: async () => {
      await sendCloseNotify(pc).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
      await pc.close();
    },
  };
}

/** The NAL unit types an H.264 RTP payload carries (RFC 6184). */
function carried(payload: Buffer): number[] {
  const type = payload[0] & 0x1f;
  if (type === 28) return [payload[1] & 0x1f];
  if (type !== 24) return [type];
  const types: number[] = [];
  for (let i = 1; i + 2 < payload.length;) {
    const size = payload.readUInt16BE(i);
    types.push(payload[i + 2] & 0x1f);
    i += 2 + size;
  }
  return types;
}

/** The `a=candidate` addresses of an SDP. */
export function candidateAddresses(sdp: string): string[] {
  return sdp
    .split(/\r?\n/)
    .filter((l) => l.startsWith('a=candidate:'))
    .map((l) => l.split(' ')[4]);
}
