/**
 * SDP edits that keep the demo's WebRTC on loopback.
 *
 * The demo answers from 127.0.0.1 only. A browser's offer may carry candidates on the machine's other
 * interfaces or mDNS names (`….local`, which werift would resolve by multicast on the LAN); both are
 * dropped, and the browser is found as a peer-reflexive candidate when its connectivity checks reach the
 * demo's loopback candidate. werift also lists a host candidate per interface of the machine: those are
 * dropped from the answer, so the browser never sends anything but to 127.0.0.1.
 */

/** 127.0.0.0/8 or ::1. */
export function isLoopbackAddress(address: string): boolean {
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === '::1';
}

/** The connection address of an `a=candidate:` line (its 5th field), or undefined. */
function candidateAddress(line: string): string | undefined {
  const match = /^a=candidate:\S+ \d+ \S+ \d+ (\S+) \d+ typ /i.exec(line.trim());
  return match?.[1];
}

/** The SDP without the `a=candidate:` lines whose address is not a loopback one. Line ends kept as CRLF. */
export function keepLoopbackCandidates(sdp: string): string {
  const lines = sdp.split(/\r?\n/);
  const kept = lines.filter((line) => {
    if (!line.startsWith('a=candidate:')) return true;
    const address = candidateAddress(line);
    return address !== undefined && isLoopbackAddress(address);
  });
  return kept.join('\r\n');
}

/** Whether a text looks like an SDP session description. */
export function looksLikeSdp(text: string): boolean {
  return /^v=0\r?\n/.test(text) && /\r?\nm=/.test(text);
}
