import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useCatalogStore } from './catalog-store';
import { effectiveLegend, type LegendKind, type LegendSource } from './status-legend';

/** The legend the lists show for one kind of status, for the active profile (see effectiveLegend). */
export function useStatusLegend(kind: LegendKind): {
  legend: Record<string, string>;
  source: LegendSource;
} {
  const { saved, profileId } = useCatalogStore(
    useShallow((s) => ({ saved: s.legend[kind], profileId: s.profile?.id })),
  );
  return useMemo(() => effectiveLegend(saved, kind, profileId), [saved, kind, profileId]);
}
