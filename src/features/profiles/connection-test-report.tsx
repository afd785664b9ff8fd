import { CREDENTIAL_TYPE_LABELS, OPERATION_LABELS, OperationSchema } from '../../../electron/shared/domain';
import type { ProfileTestResult } from '../../../electron/shared/profile';
import { checkLook } from './check-look';

/**
 * What a connection test found: whether the credentials were accepted, and for each operation of
 * the spec's matrix whether this type may call it and, where it was called, what the server said.
 */
export function ConnectionTestReport({ result }: { result: ProfileTestResult }) {
  const type = CREDENTIAL_TYPE_LABELS[result.credentialType];
  return (
    <section
      className={`test-report ${result.ok ? 'test-report-ok' : 'test-report-failed'}`}
      data-testid="connection-test"
      data-ok={result.ok}
      aria-label="Connection test result"
    >
      <p className="test-report-message">
        <span aria-hidden="true">{result.ok ? '✓ ' : '✗ '}</span>
        {result.message}
      </p>
      {result.warnings?.map((w) => (
        <p key={w} className="callout callout-warn small" role="note" data-testid="test-warning">
          ⚠ {w}
        </p>
      ))}
      <table className="test-report-table">
        <caption className="visually-hidden">What {type} credentials can do on this platform</caption>
        <thead>
          <tr>
            <th scope="col">Operation</th>
            <th scope="col">{type} credentials</th>
            <th scope="col">Checked</th>
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
                <th scope="row">{capitalize(OPERATION_LABELS[op])}</th>
                <td className={check.allowed ? 'text-ok' : 'text-muted'}>
                  {check.allowed ? 'Allowed' : 'Not allowed'}
                </td>
                <td>
                  {checked === 'ok' && <span className="text-ok">✓ works</span>}
                  {look === 'failed' && checked !== undefined && checked !== 'ok' && (
                    <span className="text-danger">
                      ✗ {checked.message}
                      {checked.status !== undefined && ` (HTTP ${checked.status})`}
                    </span>
                  )}
                  {look === 'expected' && checked !== undefined && checked !== 'ok' && (
                    <span className="text-muted">
                      {checked.kind === 'forbidden'
                        ? 'Not allowed for this credential type here, as the test expected'
                        : 'Refused, as the test expected'}
                      : “{checked.message.replace(/\.$/, '')}”
                      {checked.status !== undefined && ` (HTTP ${checked.status})`}
                    </span>
                  )}
                  {(look === 'ok' || look === 'failed') && check.note && (
                    <div className="text-muted small">{check.note}</div>
                  )}
                  {checked === undefined && <span className="text-muted">{check.note ?? 'not called'}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
