import type { AudioTrack, AudioUnit } from './camera-audio';
import { flvAudioTag, type FlvAudioMeta } from './flv-muxer';

/**
 * Audio in FLV as ZLMediaKit writes it (getAudioRtmpFlags in src/Rtmp/Rtmp.cpp): SoundFormat 7 (A-law)
 * or 8 (μ-law) with rate bits 0 (8 kHz is not an FLV rate), 16-bit, mono: 0x72 and 0x82; AAC always
 * 0xAF (44.1 kHz, 16-bit, stereo: the real values are in its AudioSpecificConfig).
 */
const SOUND_FORMAT = { g711a: 7, g711u: 8, aac: 10 } as const;

function flags(track: AudioTrack): number {
  if (track.codec === 'aac') return 0xaf;
  return (SOUND_FORMAT[track.codec] << 4) | (1 << 1) | (track.channels > 1 ? 1 : 0);
}

export function flvAudioMeta(track: AudioTrack): FlvAudioMeta {
  return { codecId: SOUND_FORMAT[track.codec], sampleRate: track.sampleRate, channels: track.channels };
}

/** The AAC sequence header (AACPacketType 0, the AudioSpecificConfig); none for G.711. */
export function flvAudioConfigTag(track: AudioTrack, timestampMs: number): Buffer | undefined {
  if (track.codec !== 'aac' || !track.config) return undefined;
  return flvAudioTag(Buffer.from([flags(track), 0]), track.config, timestampMs);
}

/** One audio frame's tag; `flvStartMs` is the FLV time of the timeline's start. */
export function flvAudioFrameTag(unit: AudioUnit, flvStartMs: number): Buffer {
  const { track } = unit;
  const header = track.codec === 'aac' ? Buffer.from([flags(track), 1]) : Buffer.from([flags(track)]);
  return flvAudioTag(header, track.raw(unit.k), flvStartMs + Math.round(unit.ms));
}

/** MPEG-TS stream_type: 0x90 A-law and 0x91 μ-law (GB/T 25724, as ZLMediaKit's muxer), 0x0F ADTS AAC. */
export function tsStreamType(track: AudioTrack): number {
  return track.codec === 'g711a' ? 0x90 : track.codec === 'g711u' ? 0x91 : 0x0f;
}
