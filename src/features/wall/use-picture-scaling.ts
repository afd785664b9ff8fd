import { useEffect, type RefObject } from 'react';
import { pictureScaling } from './picture-scaling';

/**
 * Keep `data-scaling` of a tile's `<video>` (`smooth` or `fast`, see picture-scaling.ts) right as the
 * stream's frame size and the tile's size change. Written on the element, not through React state:
 * it changes no markup React renders, and resizing a wall must not re-render its tiles.
 */
export function usePictureScaling(videoRef: RefObject<HTMLVideoElement | null>): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => {
      const scaling = pictureScaling(
        { width: video.videoWidth, height: video.videoHeight },
        { width: video.clientWidth, height: video.clientHeight },
        window.devicePixelRatio,
      );
      if (video.dataset.scaling !== scaling) video.dataset.scaling = scaling;
    };
    update();
    // 'resize' fires when the decoded frame size changes (a new stream, another camera profile).
    video.addEventListener('resize', update);
    video.addEventListener('loadedmetadata', update);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(video);
    return () => {
      video.removeEventListener('resize', update);
      video.removeEventListener('loadedmetadata', update);
      observer?.disconnect();
    };
  }, [videoRef]);
}
