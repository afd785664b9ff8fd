import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCoreMirror } from '../../session/core-mirror';
import { useCatalogStore } from './catalog-store';
import { effectiveLegend, type LegendKind, type LegendSource } from './status-legend';

const NO_LEGEND: Record<string, string> = {};

/** The legend the lists show for one kind of status, for the active profile (see effectiveLegend). */
export function useStatusLegend(kind: LegendKind): {
  legend: Record<string, string>;
  source: LegendSource;
} {
  const saved = useCoreMirror((s) => s.settings?.statusLegend[kind] ?? NO_LEGEND);
  const profileId = useCatalogStore((s) => s.profile?.id);
  // The demo's own meanings are said in the app's language: a switch gives a new legend.
  const language = useTranslation().i18n.language;
  return useMemo(() => effectiveLegend(saved, kind, profileId, language), [saved, kind, profileId, language]);
}
