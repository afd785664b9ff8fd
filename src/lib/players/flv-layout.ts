/**
 * The FLV file's layout (Adobe's FLV file format, E.4): what the keyframe gate and the video reader
 * both step through.
 */

/** The file header ("FLV", version, flags, header size) before the first PreviousTagSize. */
export const FLV_FILE_HEADER = 9;
/** Tag type, data size (24 bits), timestamp (24 + 8 bits), stream id (24 bits). */
export const FLV_TAG_HEADER = 11;
/** The 32-bit size of the tag before, after every tag (and after the file header). */
export const FLV_PREVIOUS_TAG_SIZE = 4;
export const FLV_TAG_AUDIO = 8;
export const FLV_TAG_VIDEO = 9;
export const FLV_TAG_SCRIPT = 18;
/** The video codec id of H.264 (AVC). */
export const FLV_CODEC_AVC = 7;
