import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/format';
import type { NoticeItem } from '../lib/notice';

export interface NoticeBarProps {
  notices: readonly NoticeItem[];
  onDismiss(id: string): void;
}

/**
 * Toasts at the bottom of the window.
 *
 * A polite live region for information, assertive for errors, so a screen reader hears what changed
 * without the focus moving.
 */
export function NoticeBar({ notices, onDismiss }: NoticeBarProps) {
  const polite = notices.filter((n) => n.level !== 'error');
  const urgent = notices.filter((n) => n.level === 'error');
  return (
    <div className="notice-bar" data-testid="notice-bar">
      <div aria-live="polite" className="notice-stack">
        {polite.map((n) => (
          <Notice key={n.id} notice={n} onDismiss={onDismiss} />
        ))}
      </div>
      <div aria-live="assertive" className="notice-stack">
        {urgent.map((n) => (
          <Notice key={n.id} notice={n} onDismiss={onDismiss} />
        ))}
      </div>
    </div>
  );
}

function Notice({ notice, onDismiss }: { notice: NoticeItem; onDismiss(id: string): void }) {
  const { t } = useTranslation('components');
  return (
    <div className={`notice notice-${notice.level}`} data-testid="notice">
      <span className="notice-message">
        {notice.message}
        <time className="notice-time" dateTime={new Date(notice.at).toISOString()}>
          {formatDateTime(notice.at)}
        </time>
      </span>
      {notice.action && (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          data-testid="notice-action"
          onClick={() => {
            onDismiss(notice.id);
            notice.action?.run();
          }}
        >
          {notice.action.label}
        </button>
      )}
      <button
        type="button"
        className="btn btn-ghost btn-small"
        aria-label={t('notice.dismiss')}
        onClick={() => onDismiss(notice.id)}
      >
        ✕
      </button>
    </div>
  );
}
