import { useCallback, useEffect, useState } from 'react';
import type { AppError, Result } from '../../../electron/shared/contract';
import type { ProfileView } from '../../../electron/shared/profile';
import { api } from '../../lib/bridge';

export interface ProfilesView {
  status: 'loading' | 'ready' | 'error';
  error: AppError | null;
  profiles: ProfileView[];
  active: ProfileView | null;
  select(id: string): Promise<Result<ProfileView | null>>;
}

/** The profiles and the selected one, kept fresh by profiles:changed. */
export function useProfiles(): ProfilesView {
  const [state, setState] = useState<Pick<ProfilesView, 'status' | 'error' | 'profiles'>>({
    status: 'loading',
    error: null,
    profiles: [],
  });

  useEffect(() => {
    let live = true;
    const stop = api.on('profiles:changed', ({ profiles }) =>
      setState({ status: 'ready', error: null, profiles }),
    );
    void api.profiles.list().then((answer) => {
      if (!live) return;
      setState((s) =>
        answer.ok
          ? { status: 'ready', error: null, profiles: answer.value }
          : // An event may already have brought the list.
            s.status === 'ready'
            ? s
            : { status: 'error', error: answer.error, profiles: [] },
      );
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  const select = useCallback(async (id: string) => {
    const answer = await api.profiles.select({ id });
    if (answer.ok) {
      const list = await api.profiles.list();
      if (list.ok) setState({ status: 'ready', error: null, profiles: list.value });
    }
    return answer;
  }, []);

  return { ...state, active: state.profiles.find((p) => p.selected) ?? null, select };
}
