import { create } from 'zustand';
import { clampZoom, isZoomed, NO_ZOOM, type TileZoom } from './tile-zoom';

/**
 * Which tile has the wall's attention beyond selection: the one maximised over the wall, and the one
 * whose sound is on (every tile is muted by default; unmuting one mutes the others). Tiles are named
 * by their tile key (`tileKeys` in layout-edit.ts: deviceKey, sipId and channelId).
 *
 * Also each tile's digital zoom (tile-zoom.ts): transient, like the operator's look through a
 * magnifier; it is not saved with the layout and a tile that leaves the wall loses it.
 */
export interface WallFocusState {
  maximised: string | null;
  audible: string | null;
  /** Zoomed tiles only; a tile missing here shows its whole picture. */
  zoom: Readonly<Record<string, TileZoom>>;
  setMaximised(tileKey: string | null): void;
  toggleMaximised(tileKey: string): void;
  setAudible(tileKey: string | null): void;
  setZoom(tileKey: string, zoom: TileZoom): void;
  /** Forget what the wall knows of a tile that left it (its zoom; its sound and maximise). */
  forget(tileKey: string): void;
}

export const useWallFocusStore = create<WallFocusState>()((set, get) => ({
  maximised: null,
  audible: null,
  zoom: {},
  setMaximised: (maximised) => set({ maximised }),
  toggleMaximised: (tileKey) => set({ maximised: get().maximised === tileKey ? null : tileKey }),
  setAudible: (audible) => set({ audible }),
  setZoom: (tileKey, zoom) => {
    const next = clampZoom(zoom);
    const zooms = { ...get().zoom };
    if (isZoomed(next)) zooms[tileKey] = next;
    else if (tileKey in zooms) delete zooms[tileKey];
    else return;
    set({ zoom: zooms });
  },
  forget: (tileKey) => {
    const { maximised, audible, zoom } = get();
    if (maximised !== tileKey && audible !== tileKey && !(tileKey in zoom)) return;
    const { [tileKey]: _gone, ...rest } = zoom;
    set({
      maximised: maximised === tileKey ? null : maximised,
      audible: audible === tileKey ? null : audible,
      zoom: rest,
    });
  },
}));

/** A tile's zoom (none when it is not zoomed). */
export const zoomOf = (state: WallFocusState, tileKey: string): TileZoom => state.zoom[tileKey] ?? NO_ZOOM;
