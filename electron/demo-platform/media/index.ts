/** The demo platform's live media: fixtures, muxers, the media server and its fault switchboard. */
export { createLiveMedia, type LiveMedia, type LiveMediaOptions, type LiveMediaStats } from './live-media';
export { MediaServer, type MediaServerOptions, type MediaStats } from './media-server';
export {
  FaultController,
  FaultSchema,
  type ActiveFault,
  type Fault,
  type FaultInput,
} from './fault-controller';
export { loadClips, parseClip, defaultMediaDir, type Clip, type ClipFrame } from './clip-library';
export { clipForDevice } from './clip-for-device';
export { StreamRegistry, STREAM_APP, type StreamRecord } from './stream-registry';
export { playbackUrls, scrambleUrls, SERVED_FIELDS, UNSERVED_PORTS } from './playback-urls';
export { parseMediaPath, type MediaRoute } from './media-routes';
export { isLoopback } from './admin-routes';
export { WebRtcEndpoint } from './webrtc-endpoint';
export { WebRtcPeer, rtpTimestamp } from './webrtc-peer';
export {
  parseWebRtcPath,
  rtcUrl,
  RTC_SHAPES,
  WHEP_PATH,
  ZLM_WEBRTC_PATH,
  type RtcShape,
  type WebRtcRoute,
} from './webrtc-routes';
export { keepLoopbackCandidates, isLoopbackAddress } from './webrtc-sdp';
export { HLS_WINDOW, HLS_GRACE, HlsSegmenter } from './hls-segmenter';
export { ClipTicker, LiveFrame } from './clip-ticker';
export { LiveTimeline } from './live-timeline';
export { Viewer, type PushFormat } from './viewer';
export { flvHeader, flvMetadataTag, flvSequenceHeaderTag, flvVideoTag, avcDecoderConfig } from './flv-muxer';
export { TsMuxer, TS_PACKET, PID_PAT, PID_PMT, PID_VIDEO } from './ts-muxer';
export { fmp4InitSegment, fmp4Moof, mdatBox, FMP4_TIMESCALE } from './fmp4-muxer';
export { crc32Mpeg2 } from './crc32-mpeg2';
export { splitAnnexB, groupAccessUnits, parseSps, type SpsInfo } from './h264-parser';
export { cameraAudioFor, type CameraAudio } from './camera-audio';
