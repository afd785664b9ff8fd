import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../electron/shared/contract';
import { Button } from '../../components/button';
import { api } from '../../lib/bridge';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { plainError } from '../../lib/plain-error';

type CopyState =
  | { kind: 'copied'; text: string; at: number }
  | { kind: 'refused'; text: string; at: number }
  | { kind: 'failed'; error: AppError };

/**
 * "Copy diagnostics": the core's report (versions, settings, profiles by type and address only, the
 * log's tail; never a key or secret) onto the clipboard, and shown, so the operator sees what left.
 * Where the browser refuses the clipboard (no permission, an unfocused page) the text is selected
 * in the box for Ctrl+C.
 */
export function DiagnosticsCopy() {
  const { t } = useTranslation('settings');
  const [busy, setBusy] = useState(false);
  const [state, setState] = useState<CopyState | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  const copy = async () => {
    setBusy(true);
    const report = await api.app.diagnostics();
    if (!report.ok) {
      setBusy(false);
      setState({ kind: 'failed', error: report.error });
      return;
    }
    const { text, generatedAt } = report.value;
    let copied = false;
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch {
      copied = false;
    }
    setBusy(false);
    setState({ kind: copied ? 'copied' : 'refused', text, at: generatedAt });
    if (!copied)
      requestAnimationFrame(() => {
        box.current?.focus();
        box.current?.select();
      });
  };

  return (
    <div className="settings-form" data-testid="diagnostics">
      <p className="field-hint">{t('diagnostics.hint')}</p>
      <div className="settings-actions">
        <Button
          size="small"
          variant="primary"
          busy={busy}
          onClick={() => void copy()}
          data-testid="copy-diagnostics"
        >
          {t('diagnostics.copy')}
        </Button>
        <span className="settings-status small" role="status" data-testid="diagnostics-status">
          {state?.kind === 'copied' && (
            <span className="text-ok">
              {t('diagnostics.copied', {
                count: state.text.length,
                characters: formatNumber(state.text.length),
                time: formatDateTime(state.at, { seconds: true }),
              })}
            </span>
          )}
          {state?.kind === 'refused' && <span className="text-warn">{t('diagnostics.refused')}</span>}
          {state?.kind === 'failed' && (
            <span className="text-danger">
              {t('diagnostics.failed', { reason: plainError(state.error).message })}
            </span>
          )}
        </span>
      </div>
      {(state?.kind === 'copied' || state?.kind === 'refused') && (
        <>
          <label className="field-label" htmlFor="diagnostics-text">
            {state.kind === 'copied' ? t('diagnostics.whatCopied') : t('diagnostics.report')}
          </label>
          <textarea
            id="diagnostics-text"
            ref={box}
            className="input code diagnostics-text"
            readOnly
            rows={10}
            value={state.text}
            data-testid="diagnostics-text"
          />
        </>
      )}
    </div>
  );
}
