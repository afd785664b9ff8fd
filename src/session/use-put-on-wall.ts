import { useContext } from 'react';
import { PutOnWallContext, type PutOnWall } from './put-on-wall-context';

/** The wall's "put this device on the wall", as the app shell wired it in. */
export function usePutOnWall(): PutOnWall {
  const putOnWall = useContext(PutOnWallContext);
  if (!putOnWall) throw new Error('usePutOnWall: no PutOnWallContext above (the app shell provides it)');
  return putOnWall;
}
