/** The measure the catalog benchmark reads: a device list answer arriving -> its rows painted. */
export const FILTER_TO_RENDER = 'catalog:filter-to-render';
const RESPONSE = 'catalog:devices-response:';
/** Old measures are dropped past this many, so a wall left running for weeks does not collect them. */
const KEEP = 200;

/**
 * Marks around the device list's update, for the responsiveness budget (< 100 ms from answer to
 * pixels with 1,000 devices).
 *
 * responseArrived() is called by the store just before it applies an answer; painted() by the list
 * once the frame with the new rows has been painted.
 */
export const renderTiming = {
  responseArrived(seq: number): void {
    if (typeof performance === 'undefined' || !performance.mark) return;
    performance.mark(RESPONSE + seq);
  },
  painted(seq: number): void {
    if (typeof performance === 'undefined' || !performance.measure) return;
    const start = RESPONSE + seq;
    if (performance.getEntriesByName(start, 'mark').length === 0) return;
    performance.measure(FILTER_TO_RENDER, { start, detail: { seq } });
    performance.clearMarks(start);
    if (performance.getEntriesByName(FILTER_TO_RENDER, 'measure').length > KEEP)
      performance.clearMeasures(FILTER_TO_RENDER);
  },
};
