/** The demo platform's live media: what the demo server and the player tests use from it. */
export { createLiveMedia, type LiveMedia, type LiveMediaOptions } from './live-media';
export { loadClips, defaultMediaDir, type Clip } from './clip-library';
export { clipForDevice } from './clip-for-device';
export { SERVED_FIELDS } from './playback-urls';
export { isLoopback } from './admin-routes';
export { HLS_WINDOW, HLS_GRACE } from './hls-segmenter';
export { flvHeader, flvMetadataTag, flvSequenceHeaderTag, flvVideoTag } from './flv-muxer';
export { TsMuxer } from './ts-muxer';
export { fmp4Moof, mdatBox } from './fmp4-muxer';
export { crc32Mpeg2 } from './crc32-mpeg2';
export { splitAnnexB, groupAccessUnits, parseSps } from './h264-parser';
export { type CameraAudio } from './camera-audio';
