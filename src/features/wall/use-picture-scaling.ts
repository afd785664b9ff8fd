import { useEffect, useRef, type RefObject } from 'react';
import { pictureScaling, type PictureFit } from './picture-scaling';

/**
 * Keep `data-scaling` of a tile's `<video>` (`smooth` or `fast`, see picture-scaling.ts) right as the
 * stream's frame size, the tile's size, its picture fit and its digital zoom change. Written on the element, not through React state:
 * it changes no markup React renders, and resizing a wall must not re-render its tiles.
 *
 * The tile's size comes from a ResizeObserver (delivered after layout), never from `clientWidth`:
 * reading layout in each tile's effect, between the attribute writes of the others, made a wall of 36
 * tiles lay itself out 36 times while it started (~50 ms of its main thread, measured).
 */
export function usePictureScaling(
  videoRef: RefObject<HTMLVideoElement | null>,
  view: { fit: PictureFit; zoom: number } = { fit: 'fit', zoom: 1 },
): void {
  // The fit and zoom are read when the size changes; a change of either updates at once (below).
  const viewRef = useRef(view);
  const updateRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    viewRef.current = { fit: view.fit, zoom: view.zoom };
    updateRef.current?.();
  }, [view.fit, view.zoom]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let box: { width: number; height: number } | null = null;
    const update = () => {
      if (!box) return;
      const scaling = pictureScaling(
        { width: video.videoWidth, height: video.videoHeight },
        box,
        window.devicePixelRatio,
        viewRef.current.fit,
        viewRef.current.zoom,
      );
      if (video.dataset.scaling !== scaling) video.dataset.scaling = scaling;
    };
    const observer =
      typeof ResizeObserver === 'function'
        ? new ResizeObserver((entries) => {
            const { width, height } = entries[entries.length - 1].contentRect;
            box = { width, height };
            update();
          })
        : null;
    if (observer) observer.observe(video);
    else {
      box = { width: video.clientWidth, height: video.clientHeight };
      update();
    }
    updateRef.current = update;
    // 'resize' fires when the decoded frame size changes (a new stream, another camera profile).
    video.addEventListener('resize', update);
    video.addEventListener('loadedmetadata', update);
    return () => {
      video.removeEventListener('resize', update);
      video.removeEventListener('loadedmetadata', update);
      observer?.disconnect();
      updateRef.current = null;
    };
  }, [videoRef]);
}
