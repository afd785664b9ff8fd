import { Trans, useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { Button } from '../../components/button';
import { downloadJsonText } from '../../lib/download-file';
import type { KeptAside } from './draft-storage';

export interface KeptAsideNoticeProps {
  kept: KeptAside;
  profileName: string;
  onDismiss(): void;
}

/**
 * A stored draft that was not taken up (unreadable, or a second copy) is never dropped in silence:
 * this says what happened, where its text is kept, and offers it as a file (to fix and import).
 */
export function KeptAsideNotice({ kept, profileName, onDismiss }: KeptAsideNoticeProps) {
  const { t } = useTranslation('templates');
  const saved = kept.savedAt !== null ? t('keptAside.savedAt', { time: formatDateTime(kept.savedAt) }) : '';
  return (
    <div className="callout callout-warn tpl-kept" role="alert" data-testid="draft-kept-aside">
      <p className="callout-title">
        {kept.reason === 'unreadable'
          ? t('keptAside.unreadable', { name: profileName, saved })
          : t('keptAside.secondCopy', { name: profileName, saved })}
      </p>
      {kept.key !== null ? (
        <p>
          <Trans
            t={t}
            i18nKey="keptAside.kept"
            values={{ key: kept.key }}
            components={{ mono: <span className="mono" /> }}
          />
        </p>
      ) : (
        <p>{t('keptAside.notKept')}</p>
      )}
      <div className="tpl-kept-actions">
        <Button size="small" data-testid="kept-aside-download" onClick={() => download(kept)}>
          {t('keptAside.download')}
        </Button>
        <Button size="small" variant="ghost" onClick={onDismiss}>
          {t('keptAside.dismiss')}
        </Button>
      </div>
    </div>
  );
}

function download(kept: KeptAside): void {
  const kind = kept.reason === 'unreadable' ? 'unreadable-draft' : 'earlier-draft';
  const stamp = kept.key?.split('-').at(-1) ?? String(Date.now());
  downloadJsonText(`${kind}-${stamp}.json`, kept.text.endsWith('\n') ? kept.text : `${kept.text}\n`);
}
