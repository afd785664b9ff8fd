import { useTranslation } from 'react-i18next';
import { OperationSchema } from '../../../electron/shared/domain';
import type { ProfileTestResult } from '../../../electron/shared/profile';
import { checkLook } from './check-look';
import { outcomeWords, probeWords, testErrorWords } from './test-words';

/**
 * What a connection test found: whether the credentials were accepted, and for each operation of
 * the spec's matrix whether this type may call it and, where it was called, what the server said.
 */
export function ConnectionTestReport({ result }: { result: ProfileTestResult }) {
  const { t } = useTranslation(['profiles', 'common']);
  const type = t(`common:credentialType.${result.credentialType}`);
  const headline = outcomeWords(result);
  const failure = headline !== undefined && result.error ? testErrorWords(result.error) : undefined;
  return (
    <section
      className={`test-report ${result.ok ? 'test-report-ok' : 'test-report-failed'}`}
      data-testid="connection-test"
      data-ok={result.ok}
      aria-label={t('report.label')}
    >
      {/* Worded here from the core's codes; data-core-words marks words shown as they came: the
          platform's own, or the core's English message from a core this renderer has no words for. */}
      <p className="test-report-message" data-core-words={headline === undefined || undefined}>
        <span aria-hidden="true">{result.ok ? '✓ ' : '✗ '}</span>
        {headline ?? result.message}
        {failure && (
          <>
            {' '}
            <span
              data-core-words={failure.platform || undefined}
              data-platform-words={failure.platform || undefined}
            >
              {failure.text}
            </span>
          </>
        )}
      </p>
      {result.plainHttpHost !== undefined ? (
        <p className="callout callout-warn small" role="note" data-testid="test-warning">
          ⚠ {t('form.plainHttp', { host: result.plainHttpHost })}
        </p>
      ) : (
        result.warnings?.map((w) => (
          <p
            key={w}
            className="callout callout-warn small"
            role="note"
            data-testid="test-warning"
            data-core-words
          >
            ⚠ {w}
          </p>
        ))
      )}
      <table className="test-report-table">
        <caption className="visually-hidden">{t('report.caption', { type })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('report.operation')}</th>
            <th scope="col">{t('report.typeColumn', { type })}</th>
            <th scope="col">{t('report.checked')}</th>
          </tr>
        </thead>
        <tbody>
          {OperationSchema.options.map((op) => {
            const check = result.operations[op];
            if (!check) return null;
            const checked = check.checked;
            const look = checkLook(result, check);
            const note = probeWords(check.noteWords);
            const said = checked !== undefined && checked !== 'ok' ? testErrorWords(checked) : undefined;
            return (
              <tr
                key={op}
                data-testid={`test-op-${op}`}
                data-allowed={check.allowed}
                data-checked={checked === undefined ? 'no' : checked === 'ok' ? 'ok' : 'error'}
                data-look={look}
              >
                <th scope="row">{t(`operationTitle.${op}`)}</th>
                <td className={check.allowed ? 'text-ok' : 'text-muted'}>
                  {check.allowed ? t('report.allowed') : t('report.notAllowed')}
                </td>
                <td>
                  {checked === 'ok' && <span className="text-ok">{t('report.works')}</span>}
                  {look === 'failed' && checked !== undefined && checked !== 'ok' && said && (
                    <span className="text-danger" data-core-words={said.platform || undefined}>
                      ✗{' '}
                      {checked.status !== undefined
                        ? t('report.failedStatus', { message: said.text, status: checked.status })
                        : said.text}
                    </span>
                  )}
                  {look === 'expected' && checked !== undefined && checked !== 'ok' && (
                    <span className="text-muted">
                      {t(expectedKey(checked.kind === 'forbidden', checked.status !== undefined), {
                        // The platform's own words, quoted as they came (the core's, in the reader's language).
                        message: (said?.text ?? checked.message).replace(/\.$/, ''),
                        status: checked.status,
                      })}
                    </span>
                  )}
                  {(look === 'ok' || look === 'failed') && (note ?? check.note) && (
                    <div className="text-muted small" data-core-words={note === undefined || undefined}>
                      {note ?? check.note}
                    </div>
                  )}
                  {checked === undefined && (
                    <span
                      className="text-muted"
                      data-core-words={(note === undefined && check.note !== undefined) || undefined}
                    >
                      {note ?? check.note ?? t('report.notCalled')}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** The words of a refusal the test expected: forbidden for the type, or refused; with its HTTP status. */
function expectedKey(forbidden: boolean, withStatus: boolean) {
  if (forbidden) return withStatus ? 'report.expectedForbiddenStatus' : 'report.expectedForbidden';
  return withStatus ? 'report.expectedRefusedStatus' : 'report.expectedRefused';
}
