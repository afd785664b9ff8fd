import { Trans, useTranslation } from 'react-i18next';
import type { AppInfo } from '../../../electron/shared/contract/app';
import { codeWords } from '../../lib/error-words';

/**
 * Where this machine keeps the secrets: worded here from the cipher's code (`errors:vault.where.*`),
 * or the core's own description, marked as the core's words, when it sent no code known here.
 */
export function StorageWhere({
  info,
}: {
  info: Pick<AppInfo, 'storageDescription' | 'storageCode' | 'storageParams'>;
}) {
  const { t } = useTranslation('settings');
  const worded = info.storageCode === undefined ? undefined : codeWords(info.storageCode, info.storageParams);
  return (
    <p className="text-muted small" data-testid="storage-description">
      <Trans
        t={t}
        i18nKey="dialog.storageWhere"
        values={{ where: worded ?? info.storageDescription }}
        components={{ core: worded === undefined ? <span data-core-words /> : <span /> }}
      />
    </p>
  );
}
