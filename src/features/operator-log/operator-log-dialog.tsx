import { downloadBlob } from '../../lib/download-file';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  OperatorEventKindName,
  OperatorLogEntry,
  OperatorLogFilter,
} from '../../../electron/shared/contract';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { api } from '../../lib/bridge';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { plainError } from '../../lib/plain-error';
import { entryReasonAsItCame, entryReasonText } from './entry-words';
import { formatLogTime, parseLogTime } from './log-time';
import { KIND_INFO, KIND_TONE } from './oplog-kinds';
import { useOperatorLog } from './use-operator-log';
import './operator-log.css';

interface FilterDraft {
  kinds: OperatorEventKindName[];
  device: string;
  /** Times as typed, "2026-11-27 14:05" ('' for open-ended). */
  from: string;
  to: string;
}

const EMPTY: FilterDraft = { kinds: [], device: '', from: '', to: '' };

/** A typed time as epoch ms; undefined when blank or not a time (the field then says so). */
function timeOf(value: string, end: boolean): number | undefined {
  return parseLogTime(value, end) ?? undefined;
}

function filterOf(draft: FilterDraft): OperatorLogFilter {
  const from = timeOf(draft.from, false);
  const to = timeOf(draft.to, true);
  return {
    ...(draft.kinds.length > 0 ? { kinds: draft.kinds } : {}),
    ...(draft.device.trim() ? { device: draft.device.trim() } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  };
}

/** Now as a time field shows it, `minutesAgo` earlier. */
function localInputValue(minutesAgo: number): string {
  return formatLogTime(Date.now() - minutesAgo * 60_000);
}

/** Hand the CSV to the browser as a download (a UTF-8 BOM first, so spreadsheet programs read it as UTF-8). */
function download(csv: string, fileName: string): void {
  downloadBlob(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}

/**
 * The operator log: every tile that went stale, failed or recovered, every device assigned or
 * cleared, every tour switch and change of decode rate, newest first; filtered by kind, by device and
 * by time; exported as CSV (what the filter shows, oldest first). New events appear as they happen.
 */
export function OperatorLogDialog({ onClose }: { onClose(): void }) {
  const [draft, setDraft] = useState<FilterDraft>(EMPTY);
  const filter = filterOf(draft);
  const log = useOperatorLog(filter);
  const [exporting, setExporting] = useState<{ error: string } | 'busy' | null>(null);
  const ids = { device: useId(), from: useId(), to: useId() };
  const filtered = JSON.stringify(draft) !== JSON.stringify(EMPTY);
  const { t } = useTranslation('operatorLog');
  const timeFormat = t('timeFormat');
  const countKey =
    log.entries.length === log.total
      ? filtered
        ? 'dialog.countMatching'
        : 'dialog.count'
      : filtered
        ? 'dialog.countPartMatching'
        : 'dialog.countPart';

  const toggleKind = (kind: OperatorEventKindName) =>
    setDraft((d) => ({
      ...d,
      kinds: d.kinds.includes(kind) ? d.kinds.filter((k) => k !== kind) : [...d.kinds, kind],
    }));

  const onExport = async () => {
    setExporting('busy');
    const result = await api.oplog.csv(filter);
    if (!result.ok) {
      setExporting({ error: plainError(result.error).message });
      return;
    }
    download(result.value.csv, result.value.fileName);
    setExporting(null);
  };

  return (
    <Dialog title={t('dialog.title')} onClose={onClose} size="large" testId="operator-log">
      <div className="oplog">
        <div className="oplog-filters" role="group" aria-label={t('dialog.filters')}>
          <div className="oplog-kinds" role="group" aria-label={t('dialog.events')}>
            {KIND_INFO.map(({ kind }) => (
              <button
                key={kind}
                type="button"
                className={`oplog-kind oplog-tone-${KIND_TONE[kind]}`}
                aria-pressed={draft.kinds.includes(kind)}
                title={t(`kind.${kind}.hint`)}
                data-kind={kind}
                onClick={() => toggleKind(kind)}
              >
                {t(`kind.${kind}.label`)}
              </button>
            ))}
          </div>
          <div className="oplog-fields">
            <label className="oplog-field" htmlFor={ids.device}>
              <span className="field-label">{t('dialog.device')}</span>
              <input
                id={ids.device}
                className="input input-small"
                type="search"
                placeholder={t('dialog.devicePlaceholder')}
                value={draft.device}
                data-testid="oplog-device"
                onChange={(e) => setDraft((d) => ({ ...d, device: e.target.value }))}
              />
            </label>
            <label className="oplog-field" htmlFor={ids.from}>
              <span className="field-label">{t('dialog.from')}</span>
              <input
                id={ids.from}
                className="input input-small oplog-time-input"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                placeholder={t('dialog.timePlaceholder')}
                title={timeFormat}
                aria-invalid={parseLogTime(draft.from) === null || undefined}
                value={draft.from}
                data-testid="oplog-from"
                onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
              />
              {parseLogTime(draft.from) === null && (
                <span className="oplog-time-error small" role="status">
                  {t('dialog.notCounted', { format: timeFormat })}
                </span>
              )}
            </label>
            <label className="oplog-field" htmlFor={ids.to}>
              <span className="field-label">{t('dialog.to')}</span>
              <input
                id={ids.to}
                className="input input-small oplog-time-input"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                placeholder={t('dialog.timePlaceholder')}
                title={timeFormat}
                aria-invalid={parseLogTime(draft.to) === null || undefined}
                value={draft.to}
                data-testid="oplog-to"
                onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
              />
              {parseLogTime(draft.to) === null && (
                <span className="oplog-time-error small" role="status">
                  {t('dialog.notCounted', { format: timeFormat })}
                </span>
              )}
            </label>
            <Button
              size="small"
              variant="ghost"
              onClick={() => setDraft((d) => ({ ...d, from: localInputValue(60), to: '' }))}
            >
              {t('dialog.lastHour')}
            </Button>
            <Button
              size="small"
              variant="ghost"
              disabled={!filtered}
              onClick={() => setDraft(EMPTY)}
              data-testid="oplog-clear"
            >
              {t('dialog.clear')}
            </Button>
          </div>
        </div>

        <div className="oplog-table-wrap" data-testid="oplog-list" data-loading={log.loading || undefined}>
          {log.error ? (
            <p className="text-danger">{t('dialog.readError', { message: plainError(log.error).message })}</p>
          ) : log.entries.length === 0 ? (
            <p className="oplog-empty text-muted" data-testid="oplog-empty">
              {log.loading ? t('dialog.reading') : filtered ? t('dialog.noMatch') : t('dialog.empty')}
            </p>
          ) : (
            <table className="oplog-table">
              <thead>
                <tr>
                  <th scope="col">{t('dialog.time')}</th>
                  <th scope="col">{t('dialog.event')}</th>
                  <th scope="col">{t('dialog.device')}</th>
                  <th scope="col">{t('dialog.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {log.entries.map((e) => (
                  <tr
                    key={e.id}
                    data-testid="oplog-row"
                    data-kind={e.kind}
                    data-device-key={e.deviceKey ?? ''}
                  >
                    <td className="oplog-time">{formatDateTime(e.at, { seconds: true })}</td>
                    <td>
                      <span className={`oplog-badge oplog-tone-${KIND_TONE[e.kind]}`}>
                        {t(`kind.${e.kind}.label`)}
                      </span>
                    </td>
                    <td className="oplog-device">
                      {e.deviceName ?? e.deviceKey ?? '—'}
                      {e.deviceName && e.deviceKey && e.deviceName !== e.deviceKey && (
                        <span className="oplog-key">{e.deviceKey}</span>
                      )}
                    </td>
                    <td className="oplog-reason">
                      <ReasonText entry={e} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {log.more && (
            <div className="oplog-more">
              <Button size="small" onClick={log.loadOlder} busy={log.loading} data-testid="oplog-older">
                {t('dialog.older')}
              </Button>
            </div>
          )}
        </div>

        <div className="oplog-footer">
          <span className="small text-muted" data-testid="oplog-count" data-total={log.total}>
            {t(countKey, {
              count: log.total,
              total: formatNumber(log.total),
              shown: formatNumber(log.entries.length),
              capacity: formatNumber(log.capacity),
            })}
          </span>
          <span className="spacer" />
          {exporting && exporting !== 'busy' && (
            <span className="small text-danger">{t('dialog.exportError', { message: exporting.error })}</span>
          )}
          <Button
            size="small"
            onClick={() => void onExport()}
            busy={exporting === 'busy'}
            disabled={log.total === 0}
            data-testid="oplog-export"
            title={t('dialog.exportTitle')}
          >
            {t('dialog.export')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** An entry's reason, with what is shown as it came marked as not the app's words. */
function ReasonText({ entry }: { entry: OperatorLogEntry }) {
  const text = entryReasonText(entry);
  const raw = entryReasonAsItCame(entry);
  const at = raw ? text.lastIndexOf(raw) : -1;
  if (!raw || at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span data-core-words>{raw}</span>
      {text.slice(at + raw.length)}
    </>
  );
}
