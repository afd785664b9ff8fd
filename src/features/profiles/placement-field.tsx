import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Placement } from '../../../electron/shared/domain';

export interface PlacementFieldProps {
  value: Placement;
  onChange(placement: Placement): void;
  /** The connection test found this placement (and the form adopted it). */
  found: boolean;
  disabled?: boolean;
}

const OPTIONS: readonly Placement[] = ['query', 'headers'];

/** Where the credentials travel: chosen by hand, or found by the connection test (which says so). */
export function PlacementField({ value, onChange, found, disabled }: PlacementFieldProps) {
  const id = useId();
  const { t } = useTranslation('profiles');
  return (
    <fieldset className="choice-group" aria-describedby={`${id}-hint`} disabled={disabled}>
      <legend className="field-label">{t('placement.legend')}</legend>
      <div className="segmented">
        {OPTIONS.map((option) => (
          <label key={option} className={`segment ${value === option ? 'segment-on' : ''}`}>
            <input
              type="radio"
              name={`${id}-placement`}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {t(`placement.${option}`)}
          </label>
        ))}
      </div>
      <p className={`field-hint ${found ? 'text-ok' : ''}`} id={`${id}-hint`} data-testid="placement-hint">
        {found
          ? t(value === 'headers' ? 'placement.foundHeaders' : 'placement.foundQuery')
          : t('placement.hint')}
      </p>
    </fieldset>
  );
}
