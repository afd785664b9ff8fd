import type { AudioSink } from './audio-sink';
import { decodeG711 } from './g711';
import type { PlayerAudio } from './player';

/** FLV sound formats (the high nibble of an audio tag's first byte). */
const SOUND_AAC = 10;
const SOUND_ALAW = 7;
const SOUND_ULAW = 8;
const FORMAT_NAMES: Record<number, string> = {
  0: 'linear PCM',
  1: 'ADPCM',
  2: 'MP3',
  3: 'linear PCM (little-endian)',
  4: 'Nellymoser 16 kHz',
  5: 'Nellymoser 8 kHz',
  6: 'Nellymoser',
  11: 'Speex',
  14: 'MP3 8 kHz',
};
/** G.711 is 8 kHz mono whatever the tag's rate bits say. */
const G711_RATE = 8_000;

/** What an FLV audio tag holds, from its body. */
export interface FlvAudioTag {
  format: number;
  /** AAC only: 0 the AudioSpecificConfig, 1 a raw frame. */
  aacPacketType: number | null;
  /** The codec data after the tag's audio header. */
  data: Uint8Array;
}

export function readFlvAudioTag(body: Uint8Array): FlvAudioTag | null {
  if (body.byteLength < 1) return null;
  const format = body[0] >> 4;
  if (format === SOUND_AAC) {
    if (body.byteLength < 2) return null;
    return { format, aacPacketType: body[1], data: body.subarray(2) };
  }
  return { format, aacPacketType: null, data: body.subarray(1) };
}

/** Sample rate and channels from an AAC AudioSpecificConfig (ISO/IEC 14496-3 1.6.2.1). */
export function readAudioSpecificConfig(asc: Uint8Array): { sampleRate: number; channels: number } | null {
  if (asc.byteLength < 2) return null;
  const rates = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];
  const index = ((asc[0] & 0x07) << 1) | (asc[1] >> 7);
  const channels = (asc[1] >> 3) & 0x0f;
  const sampleRate = rates[index];
  return sampleRate && channels ? { sampleRate, channels } : null;
}

/**
 * The sound of an FLV stream, played by the player itself: mpegts.js runs with `hasAudio: false` and
 * the keyframe gate hands every audio tag here. G.711 (A-law 7, μ-law 8: what ZLMediaKit muxes a GB28181
 * camera's sound as) goes through a table; AAC through WebCodecs' AudioDecoder. Either way the PCM goes
 * to the sink, in step with the picture. Whatever cannot play is said in `audio()`; the picture never
 * waits for the sound.
 */
export class FlvAudio {
  private state: PlayerAudio = { state: 'pending', codec: null };
  private decoder: AudioDecoder | null = null;
  private aacConfig: string | null = null;

  constructor(private readonly sink: AudioSink) {}

  audio(): PlayerAudio {
    return soundOf(this.state, this.sink);
  }

  /** The stream showed no audio tag in its first seconds. */
  noAudio(): void {
    if (this.state.state === 'pending' && this.state.codec === null)
      this.state = { state: 'none', codec: null };
  }

  tag(timestampMs: number, body: Uint8Array): void {
    const tag = readFlvAudioTag(body);
    if (!tag) return;
    if (tag.format === SOUND_ALAW || tag.format === SOUND_ULAW) {
      const law = tag.format === SOUND_ALAW ? 'alaw' : 'ulaw';
      if (this.state.codec !== law) this.state = { state: 'playing', codec: law };
      this.sink.play(timestampMs, [decodeG711(law, tag.data)], G711_RATE);
      return;
    }
    if (tag.format === SOUND_AAC) {
      this.aac(timestampMs, tag);
      return;
    }
    if (this.state.state !== 'unsupported')
      this.state = {
        state: 'unsupported',
        codec: FORMAT_NAMES[tag.format] ?? `FLV sound format ${tag.format}`,
        reason: `this player does not decode ${FORMAT_NAMES[tag.format] ?? `FLV sound format ${tag.format}`} sound`,
      };
  }

  private aac(timestampMs: number, tag: FlvAudioTag): void {
    if (tag.aacPacketType === 0) {
      this.configureAac(tag.data);
      return;
    }
    const decoder = this.decoder;
    if (!decoder || decoder.state !== 'configured' || tag.data.byteLength === 0) return;
    try {
      decoder.decode(new EncodedAudioChunk({ type: 'key', timestamp: timestampMs * 1000, data: tag.data }));
    } catch (error) {
      this.unsupported('mp4a.40.2', `the AAC decoder failed: ${messageOf(error)}`);
    }
  }

  private configureAac(asc: Uint8Array): void {
    const key = Array.from(asc).join(',');
    if (key === this.aacConfig) return;
    this.aacConfig = key;
    const objectType = asc.byteLength > 0 ? asc[0] >> 3 : 2;
    const codec = `mp4a.40.${objectType || 2}`;
    const format = readAudioSpecificConfig(asc);
    if (typeof AudioDecoder !== 'function') {
      this.unsupported(codec, 'this runtime has no WebCodecs AudioDecoder for AAC');
      return;
    }
    if (!format) {
      this.unsupported(codec, 'the AAC configuration could not be read');
      return;
    }
    this.decoder?.close();
    const decoder = new AudioDecoder({
      output: (data) => this.output(data),
      error: (error) => this.unsupported(codec, `the AAC decoder failed: ${messageOf(error)}`),
    });
    this.decoder = decoder;
    const config: AudioDecoderConfig = {
      codec,
      sampleRate: format.sampleRate,
      numberOfChannels: format.channels,
      description: asc.slice(),
    };
    AudioDecoder.isConfigSupported(config)
      .then((support) => {
        if (this.decoder !== decoder) return;
        if (!support.supported) {
          this.unsupported(codec, `this runtime cannot decode ${codec}`);
          return;
        }
        decoder.configure(config);
        this.state = { state: 'playing', codec };
      })
      .catch((error: unknown) => this.unsupported(codec, messageOf(error)));
  }

  private output(data: AudioData): void {
    try {
      const channels: Float32Array[] = [];
      for (let c = 0; c < data.numberOfChannels; c++) {
        const samples = new Float32Array(data.numberOfFrames);
        data.copyTo(samples, { planeIndex: c, format: 'f32-planar' });
        channels.push(samples);
      }
      this.sink.play(data.timestamp / 1000, channels, data.sampleRate);
    } finally {
      data.close();
    }
  }

  private unsupported(codec: string, reason: string): void {
    this.state = { state: 'unsupported', codec, reason };
    const decoder = this.decoder;
    this.decoder = null;
    if (decoder && decoder.state !== 'closed') decoder.close();
  }

  close(): void {
    const decoder = this.decoder;
    this.decoder = null;
    if (decoder && decoder.state !== 'closed') decoder.close();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * What the audible tile says of sound it plays through `sink`: `playing` once the sink has really started
 * some of it in step with the picture; `pending` while the browser holds the sound back or the picture
 * has not started.
 */
export function soundOf(state: PlayerAudio, sink: AudioSink): PlayerAudio {
  if (state.state !== 'playing') return state;
  if (!sink.running)
    return {
      state: 'pending',
      codec: state.codec,
      reason: 'the browser holds the sound until the user interacts with the page',
    };
  if (sink.buffersPlayed === 0)
    return { state: 'pending', codec: state.codec, reason: 'waiting for the picture to start' };
  return state;
}
