import { useId } from 'react';
import type { Placement } from '../../../electron/shared/domain';

export interface PlacementFieldProps {
  value: Placement;
  onChange(placement: Placement): void;
  /** The connection test found this placement (and the form adopted it). */
  found: boolean;
  disabled?: boolean;
}

const OPTIONS: [Placement, string][] = [
  ['query', 'Query parameters'],
  ['headers', 'Headers'],
];

const WHERE: Record<Placement, string> = {
  headers: 'HTTP headers',
  query: 'query parameters of the address',
};

/** Where the credentials travel: chosen by hand, or found by the connection test (which says so). */
export function PlacementField({ value, onChange, found, disabled }: PlacementFieldProps) {
  const id = useId();
  return (
    <fieldset className="choice-group" aria-describedby={`${id}-hint`} disabled={disabled}>
      <legend className="field-label">Send credentials as</legend>
      <div className="segmented">
        {OPTIONS.map(([option, label]) => (
          <label key={option} className={`segment ${value === option ? 'segment-on' : ''}`}>
            <input
              type="radio"
              name={`${id}-placement`}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {label}
          </label>
        ))}
      </div>
      <p className={`field-hint ${found ? 'text-ok' : ''}`} id={`${id}-hint`} data-testid="placement-hint">
        {found
          ? `✓ Credentials go in ${WHERE[value]} — found by the connection test.`
          : 'Where this platform expects the credentials. “Test connection” finds out and sets it for you.'}
      </p>
    </fieldset>
  );
}
