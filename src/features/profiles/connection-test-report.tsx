import { useTranslation } from 'react-i18next';
import { OperationSchema } from '../../../electron/shared/domain';
import type { ProfileTestResult } from '../../../electron/shared/profile';
import { checkLook } from './check-look';

/**
 * What a connection test found: whether the credentials were accepted, and for each operation of
 * the spec's matrix whether this type may call it and, where it was called, what the server said.
 */
export function ConnectionTestReport({ result }: { result: ProfileTestResult }) {
  const { t } = useTranslation(['profiles', 'common']);
  const type = t(`common:credentialType.${result.credentialType}`);
  return (
    <section
      className={`test-report ${result.ok ? 'test-report-ok' : 'test-report-failed'}`}
      data-testid="connection-test"
      data-ok={result.ok}
      aria-label={t('report.label')}
    >
      {/* data-core-words: the core's own words, shown as they came (its error kinds get words later). */}
      <p className="test-report-message" data-core-words>
        <span aria-hidden="true">{result.ok ? '✓ ' : '✗ '}</span>
        {result.message}
      </p>
      {result.warnings?.map((w) => (
        <p
          key={w}
          className="callout callout-warn small"
          role="note"
          data-testid="test-warning"
          data-core-words
        >
          ⚠ {w}
        </p>
      ))}
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
                  {look === 'failed' && checked !== undefined && checked !== 'ok' && (
                    <span className="text-danger">
                      ✗{' '}
                      {checked.status !== undefined
                        ? t('report.failedStatus', { message: checked.message, status: checked.status })
                        : checked.message}
                    </span>
                  )}
                  {look === 'expected' && checked !== undefined && checked !== 'ok' && (
                    <span className="text-muted">
                      {t(expectedKey(checked.kind === 'forbidden', checked.status !== undefined), {
                        // The platform's (or the core's) own words, quoted as they came.
                        message: checked.message.replace(/\.$/, ''),
                        status: checked.status,
                      })}
                    </span>
                  )}
                  {(look === 'ok' || look === 'failed') && check.note && (
                    <div className="text-muted small" data-core-words>
                      {check.note}
                    </div>
                  )}
                  {checked === undefined && (
                    <span className="text-muted" data-core-words={check.note !== undefined || undefined}>
                      {check.note ?? t('report.notCalled')}
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
