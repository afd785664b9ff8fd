import { downloadJsonText } from '../../lib/download-file';

/**
 * A views document out as a file download and in from a file input: the same in both shells (a
 * blob: URL and an <a download>; File.text()). The CSP does not govern downloads.
 */
export const downloadText = (fileName: string, text: string): void => downloadJsonText(fileName, text);

/** What views:import takes at most (the core refuses more); checked before reading a file. */
export const MAX_VIEWS_FILE_BYTES = 2_000_000;
