import { create } from 'zustand';
import type { Api, AppError } from '../../../electron/shared/contract';
import type { RoomStatus } from '../../../electron/shared/room';

export interface RoomMirrorState {
  /** 'ready' once room:status answered or room:changed arrived. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why room:status could not be read (until an event brings the room anyway). */
  error: AppError | null;
  /** The bus and every screen of the room, as the core knows them; null until read. */
  room: RoomStatus | null;
}

const EMPTY: RoomMirrorState = { status: 'idle', error: null, room: null };

/**
 * The renderer's mirror of the control room (issue #31): the bus's state and every screen's
 * presence, desired and reported documents, as this PC's core sees them on the broker.
 *
 * Data only: filled once by `startRoomMirror` (room:status), then kept by `room:changed` alone.
 * Sending a command never merges its answer in: the core announces the new desired document.
 */
export const useRoomMirror = create<RoomMirrorState>()(() => EMPTY);

/**
 * Fill the room mirror and follow `room:changed`; returns the stop. The composition root calls it,
 * never an import. An answer that arrives after an event is dropped (the event is at least as new).
 */
export function startRoomMirror(api: Pick<Api, 'on' | 'room'>): () => void {
  let live = true;
  let pushed = false;
  const set = useRoomMirror.setState;
  const off = api.on('room:changed', (room) => {
    if (!live) return;
    pushed = true;
    set({ status: 'ready', error: null, room });
  });
  set({ ...EMPTY, status: 'loading' });
  void api.room.status().then(
    (result) => {
      if (!live || pushed) return;
      if (result.ok) set({ status: 'ready', error: null, room: result.value });
      else set({ status: 'error', error: result.error });
    },
    (error: unknown) => {
      if (live && !pushed) set({ status: 'error', error: { kind: 'internal', message: String(error) } });
    },
  );
  return () => {
    live = false;
    off();
  };
}
