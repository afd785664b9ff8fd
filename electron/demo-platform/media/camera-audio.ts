import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseAdts, ZLM_MUTE_ADTS, type AdtsStream } from './aac-adts';
import { fnv1a } from './fnv1a';
import { g711Tone } from './g711';

/**
 * What a camera sends beside its picture when the demo plays a real ZLMediaKit (`zlm: true`):
 * G.711 A-law (GB28181's default), G.711 μ-law, AAC (a tone), or nothing, in which case the server adds
 * ZLMediaKit's silent AAC track (`add_mute_audio=1`, its default).
 */
export type CameraAudio = 'g711a' | 'g711u' | 'aac' | 'none';

/**
 * The mix, by a device key's FNV-1a hash modulo 8 (so the same seed, hence the same device keys,
 * always gives the same mix): 3 in 8 A-law, 1 μ-law, 2 AAC, 2 without audio (silent AAC added).
 */
const MIX: readonly CameraAudio[] = ['g711a', 'g711a', 'g711a', 'g711u', 'aac', 'aac', 'none', 'none'];

export function cameraAudioFor(deviceKey: string): CameraAudio {
  return MIX[fnv1a(deviceKey) % MIX.length];
}

/** One audio track as the server sends it: fixed-size frames on the live timeline. */
export interface AudioTrack {
  codec: 'g711a' | 'g711u' | 'aac';
  /** The silent AAC track ZLMediaKit adds, not the camera's own sound. */
  mute: boolean;
  sampleRate: number;
  channels: number;
  samplesPerFrame: number;
  /** AudioSpecificConfig (AAC only). */
  config?: Buffer;
  /** Frame k's codec payload: G.711 bytes, or a raw AAC frame (no ADTS header). */
  raw(k: number): Buffer;
  /** What MPEG-TS carries for frame k: G.711 bytes, or the whole ADTS frame. */
  tsPayload(k: number): Buffer;
}

export type AudioTracks = Record<CameraAudio, AudioTrack>;

/** The AAC camera's tone, encoded once by scripts/make-demo-media.sh. */
const AAC_TONE_FILE = 'tone-500hz-16k.aac';

/** G.711: 8 kHz mono, 40 ms a frame (320 bytes), as GB28181 cameras packetize it. */
const G711_FRAME_SAMPLES = 320;

function g711Track(codec: 'g711a' | 'g711u'): AudioTrack {
  // A whole number of cycles a frame (40 at 1 kHz, 24 at 600 Hz), so every frame is the same bytes.
  const frame = g711Tone(codec === 'g711a' ? 'alaw' : 'ulaw', {
    hz: codec === 'g711a' ? 1000 : 600,
    rate: 8000,
    samples: G711_FRAME_SAMPLES,
    level: 0.25,
  });
  return {
    codec,
    mute: false,
    sampleRate: 8000,
    channels: 1,
    samplesPerFrame: G711_FRAME_SAMPLES,
    raw: () => frame,
    tsPayload: () => frame,
  };
}

function aacTrack(stream: AdtsStream, mute: boolean): AudioTrack {
  const n = stream.frames.length;
  return {
    codec: 'aac',
    mute,
    sampleRate: stream.sampleRate,
    channels: stream.channels,
    samplesPerFrame: 1024,
    config: stream.config,
    raw: (k) => stream.frames[k % n].raw,
    tsPayload: (k) => stream.frames[k % n].adts,
  };
}

/** Every camera audio the ZLMediaKit habits need, the AAC tone read from `mediaDir`. */
export async function loadAudioTracks(mediaDir: string): Promise<AudioTracks> {
  const tone = parseAdts(await readFile(path.join(mediaDir, AAC_TONE_FILE)));
  return {
    g711a: g711Track('g711a'),
    g711u: g711Track('g711u'),
    aac: aacTrack(tone, false),
    none: aacTrack(parseAdts(ZLM_MUTE_ADTS), true),
  };
}

/** One audio frame placed on the live timeline. */
export interface AudioUnit {
  k: number;
  track: AudioTrack;
  /** Milliseconds from the timeline's start. */
  ms: number;
  /** Ticks of the 90 kHz clock from the timeline's start (MPEG-TS PTS). */
  ticks90k: number;
}

/**
 * The audio frames sent right after picture `index` (pictures at `fps`): those that fell due since the
 * picture before, as ZLMediaKit's silent-track maker emits one when a picture passes its time.
 */
export function audioAfterPicture(track: AudioTrack, index: number, fps: number): AudioUnit[] {
  const perPicture = (n: number) => Math.floor((n * track.sampleRate) / (track.samplesPerFrame * fps));
  const units: AudioUnit[] = [];
  for (let k = perPicture(index - 1) + 1; k <= perPicture(index); k += 1) {
    const samples = k * track.samplesPerFrame;
    units.push({
      k,
      track,
      ms: (samples * 1000) / track.sampleRate,
      ticks90k: Math.round((samples * 90_000) / track.sampleRate),
    });
  }
  return units;
}
