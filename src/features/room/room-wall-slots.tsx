import { useMemo, type ReactNode } from 'react';
import { useRoomMirror } from './room-mirror';
import { RoomStatusItem } from './room-status-item';
import { SendToScreenDialog } from './send-to-screen-dialog';
import { SendToScreenContext, WallStatusExtraContext, type SendToScreenSlot } from './wall-door';

/**
 * The room's places in the wall, given around it by the app shell: the status bar's room item
 * (where the view came from, the broker away, this screen's report) and the tile menu's "Send to
 * screen…" while the room has screens. The wall knows only its own contexts, never the room.
 */
export function RoomWallSlots({ children }: { children: ReactNode }) {
  const available = useRoomMirror(
    (s) => (s.room?.screens.length ?? 0) > 0 && s.room?.connection.state !== 'off',
  );
  const sendToScreen = useMemo<SendToScreenSlot>(
    () => ({ available, Dialog: SendToScreenDialog }),
    [available],
  );
  return (
    <SendToScreenContext value={sendToScreen}>
      <WallStatusExtraContext value={<RoomStatusItem />}>{children}</WallStatusExtraContext>
    </SendToScreenContext>
  );
}
