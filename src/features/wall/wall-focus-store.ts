import { create } from 'zustand';

/**
 * Which tile has the wall's attention beyond selection: the one maximised over the wall, and the one
 * whose sound is on (every tile is muted by default; unmuting one mutes the others). Tiles are named
 * by their tile key (`tileKeys` in layout-edit.ts: deviceKey, sipId and channelId).
 */
export interface WallFocusState {
  maximised: string | null;
  audible: string | null;
  setMaximised(tileKey: string | null): void;
  toggleMaximised(tileKey: string): void;
  setAudible(tileKey: string | null): void;
}

export const useWallFocusStore = create<WallFocusState>()((set, get) => ({
  maximised: null,
  audible: null,
  setMaximised: (maximised) => set({ maximised }),
  toggleMaximised: (tileKey) => set({ maximised: get().maximised === tileKey ? null : tileKey }),
  setAudible: (audible) => set({ audible }),
}));
