import { selectSettings, useCoreMirror } from '../../session/core-mirror';
import { selectActiveProfile } from '../../session/profiles-store';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Settings } from '../../../electron/shared/settings';
import { WallEngine } from '../../lib/wall-engine';
import { startOperatorLogFeed, startOperatorLogWriter } from './operator-log-feed';
import { WallEngineContext } from './wall-engine-context';

type EngineSettings = Pick<Settings, 'transportOrder' | 'hiddenTileGraceSeconds'>;

const optionsOf = (s: EngineSettings) => ({
  order: [...s.transportOrder],
  hiddenGraceMs: s.hiddenTileGraceSeconds * 1000,
});

const sameSettings = (a: EngineSettings, b: EngineSettings) =>
  a.hiddenTileGraceSeconds === b.hiddenTileGraceSeconds &&
  a.transportOrder.join() === b.transportOrder.join();

/**
 * The wall's one playback engine, shared by its tiles: one connection budget (Chromium's six
 * HTTP/1.1 connections per host are per page) and one start scheduler (tiles start in waves).
 *
 * Made once per wall with the wall's settings, and the only place settings reach it: a change goes
 * to new tiles and the next attempt of every tile; playing tiles go on. Tiles and the toolbar get
 * it with useWallEngine. Unmounting the wall destroys its tiles and stops listening for `online`.
 */
export function WallEngineProvider({ children }: { children: ReactNode }) {
  const settings = useCoreMirror(
    useShallow((m): EngineSettings => ({
      transportOrder: selectSettings(m).transportOrder,
      hiddenTileGraceSeconds: selectSettings(m).hiddenTileGraceSeconds,
    })),
  );
  const decodeBudget = useCoreMirror((m) => selectSettings(m).decodeBudget);
  const [engine] = useState(
    () => new WallEngine({ ...optionsOf(settings), ...(decodeBudget ? {} : { decodeBudget: false }) }),
  );
  const applied = useRef(settings);

  // Settings › Decode budget › Automatic decode budget: off, only tiles pinned to overview show it.
  useLayoutEffect(() => engine.setDecodeBudget(decodeBudget), [engine, decodeBudget]);

  // The operator log: this page's writer (events go to the core every half second), and what the
  // wall feeds it (tiles stale, failed, recovered; decode-rate changes; devices assigned, cleared).
  useEffect(() => {
    const stopWriter = startOperatorLogWriter();
    const stopFeed = startOperatorLogFeed(engine);
    return () => {
      stopFeed();
      stopWriter();
    };
  }, [engine]);

  // A layout effect runs before the tiles' own (passive) effects of the same commit: a tile made
  // alongside a settings change starts with the new settings.
  useLayoutEffect(() => {
    if (sameSettings(applied.current, settings)) return;
    applied.current = settings;
    engine.update(optionsOf(settings));
  }, [engine, settings]);

  // The platform answers again (the core's probe saw it, a new process or a slow one done starting):
  // every tile waiting out a backoff retries now, instead of up to 30 s later.
  useEffect(
    () =>
      useCoreMirror.subscribe((now, before) => {
        if (now.platform?.reachable && before.platform && !before.platform.reachable) engine.retryAllNow();
      }),
    [engine],
  );

  // The active profile's media host was set or changed (the profile form): tiles waiting out a
  // backoff try again now, with addresses that name the new host.
  useEffect(
    () =>
      useCoreMirror.subscribe((now, before) => {
        const [a, b] = [selectActiveProfile(now), selectActiveProfile(before)];
        if (a && b && a.id === b.id && JSON.stringify(a.mediaHost) !== JSON.stringify(b.mediaHost))
          engine.retryAllNow();
      }),
    [engine],
  );

  // A profile the platform refused holds its tiles (no account lockout): any change of the profiles
  // (a new secret saved: the core's profiles:changed, or another profile made active) asks again.
  useEffect(
    () =>
      useCoreMirror.subscribe((now, before) => {
        if (now.profiles === before.profiles) return;
        for (const refusal of engine.profileRefusals()) engine.liftRefusal(refusal.profile);
      }),
    [engine],
  );

  useEffect(() => {
    // The network came back (a cable, a switch, Wi-Fi): tiles waiting out a backoff retry at once.
    const onOnline = () => engine.networkRestored();
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      engine.destroy();
    };
  }, [engine]);

  return <WallEngineContext value={engine}>{children}</WallEngineContext>;
}
