import { useTranslation } from 'react-i18next';
import { useCoreMirror } from '../session/core-mirror';

/**
 * The app's own name, said in the operator's language ("控制室电视墙"); a build given another name
 * than the English one keeps it as it is.
 */
export function useAppName(): string {
  const { t } = useTranslation('app');
  const coreName = useCoreMirror((s) => s.appInfo?.name);
  return !coreName || coreName === t('topBar.appName', { lng: 'en' }) ? t('topBar.appName') : coreName;
}
