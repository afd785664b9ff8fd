import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { AppError } from '../../../electron/shared/contract';
import { Button } from '../../components/button';
import { formatClock } from '../../i18n/format';
import { pinWaitWords } from './pin-wait';
import type { KioskView } from './use-kiosk-status';
import { api } from '../../lib/bridge';

/**
 * Where the kiosk lock stands, and the administrator's way through it: the admin PIN unlocks a
 * locked wall for a while (the core counts wrong PINs and makes the next try wait); "Lock now" ends
 * that early. Nothing shows while the wall is not locked.
 */
export function KioskLockPanel({ kiosk }: { kiosk: KioskView }) {
  const { t } = useTranslation('app');
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const { status, lockedNow, retryInMs } = kiosk;
  if (!status?.locked) return null;

  const waiting = retryInMs > 0;
  const words = pinWaitWords(error, retryInMs);
  const unlock = async (e: FormEvent) => {
    e.preventDefault();
    if (waiting || pin === '') return;
    setBusy(true);
    const result = await api.kiosk.unlock({ pin });
    setBusy(false);
    setPin('');
    setError(result.ok ? null : result.error);
  };
  const lock = async () => {
    setBusy(true);
    const result = await api.kiosk.lock();
    setBusy(false);
    setError(result.ok ? null : result.error);
  };

  if (!lockedNow)
    return (
      <div className="callout callout-info kiosk-lock" data-testid="kiosk-lock" data-lock="unlocked">
        <p>
          <LockIcon open />
          <Trans
            t={t}
            i18nKey="kiosk.lock.unlocked"
            values={{ until: formatClock(status.unlockedUntil ?? 0) }}
            components={{ strong: <strong /> }}
          />
        </p>
        <Button size="small" busy={busy} onClick={() => void lock()} data-testid="lock-now">
          {t('kiosk.lock.lockNow')}
        </Button>
      </div>
    );

  return (
    <div className="callout callout-warn kiosk-lock" data-testid="kiosk-lock" data-lock="locked">
      <p>
        <LockIcon />
        <Trans t={t} i18nKey="kiosk.lock.locked" components={{ strong: <strong /> }} />
      </p>
      {status.pinSet ? (
        <form className="kiosk-unlock" onSubmit={(e) => void unlock(e)} data-testid="kiosk-unlock">
          <label className="field-label" htmlFor="kiosk-pin">
            {t('kiosk.lock.pinLabel')}
          </label>
          <input
            id="kiosk-pin"
            className="input input-small kiosk-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={64}
            value={pin}
            disabled={busy || waiting}
            onChange={(e) => setPin(e.target.value)}
          />
          <Button type="submit" size="small" variant="primary" busy={busy} disabled={waiting || pin === ''}>
            {t('kiosk.lock.unlock')}
          </Button>
          <span className="small" role="status" data-testid="kiosk-unlock-status">
            {waiting ? (
              <span className="text-warn">
                {words.refusal
                  ? t('kiosk.pin.refusalThenWait', { refusal: words.refusal, wait: words.wait })
                  : words.wait}
              </span>
            ) : (
              words.refusal && <span className="text-danger">{words.refusal}</span>
            )}
          </span>
        </form>
      ) : (
        <p className="small">{t('kiosk.lock.noPin')}</p>
      )}
    </div>
  );
}

/** A padlock, drawn: the emoji is missing from the fonts of many kiosk machines. */
function LockIcon({ open = false }: { open?: boolean }) {
  return (
    <svg className="lock-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path
        d={open ? 'M5 7V5a3 3 0 0 1 5.8-1' : 'M5 7V5a3 3 0 0 1 6 0v2'}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
    </svg>
  );
}
