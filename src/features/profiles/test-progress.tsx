import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { formatNumber } from '../../i18n/format';

/** How long the platform has to answer one try of the connection test (the core's request timeout). */
const TEST_TRY_SECONDS = 10;

export interface TestProgressProps {
  /** When the test started (epoch ms). */
  startedAt: number;
  onCancel(): void;
}

/**
 * A connection test under way: its time limit, the seconds gone, and a way out. The test may try a
 * second placement (headers, then the query), each with its own time limit, so after the first limit
 * the text says a second try is running rather than showing a limit already passed.
 */
export function TestProgress({ startedAt, onCancel }: TestProgressProps) {
  const { t } = useTranslation('profiles');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  const second = seconds >= TEST_TRY_SECONDS;
  return (
    <div className="test-progress" role="status" data-testid="test-progress">
      <span className="spinner" aria-hidden="true" />
      <span>
        {t(second ? 'testProgress.secondTry' : 'testProgress.upTo', {
          seconds: formatNumber(TEST_TRY_SECONDS),
        })}
        <span className="text-muted">{t('testProgress.elapsed', { seconds: formatNumber(seconds) })}</span>
      </span>
      <Button size="small" variant="ghost" onClick={onCancel} data-testid="cancel-test">
        {t('testProgress.cancel')}
      </Button>
    </div>
  );
}
