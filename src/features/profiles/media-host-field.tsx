import { useId, useState } from 'react';
import { TextField } from '../../components/text-field';

export interface MediaHostFieldProps {
  value: { http: string; https: string };
  onChange(value: { http: string; https: string }): void;
  /** Problems at `mediaHost.http` / `mediaHost.https`. */
  errors: { http?: string; https?: string };
}

/**
 * The media host override of a profile, for platforms behind NAT: where the media server really is
 * when the stream URLs the platform hands out name an address that cannot be reached from here (its
 * inside address, 127.0.0.1). Folded away until it is set or wanted; one host for http/ws URLs and
 * one for https/wss (their ports differ), each `host` or `host:port`.
 */
export function MediaHostField({ value, onChange, errors }: MediaHostFieldProps) {
  const id = useId();
  const set = value.http.trim() !== '' || value.https.trim() !== '';
  const [open, setOpen] = useState(set);
  const shown = open || !!errors.http || !!errors.https;
  const summary = [value.http.trim(), value.https.trim()].filter(Boolean).join(' · ');
  return (
    <fieldset
      className="choice-group media-host-field"
      aria-describedby={shown ? `${id}-hint` : undefined}
      data-testid="media-host"
    >
      <legend className="field-label">
        <button
          type="button"
          className="link media-host-toggle"
          aria-expanded={shown}
          aria-controls={`${id}-fields`}
          onClick={() => setOpen(!shown)}
          data-testid="media-host-toggle"
        >
          <span aria-hidden="true">{shown ? '▾' : '▸'}</span> Media host (behind NAT)
        </button>
        {!shown && (
          <span className="text-muted small" data-testid="media-host-summary">
            {' '}
            · {set ? summary : 'as the platform says'}
          </span>
        )}
      </legend>
      {shown && (
        <p className="field-hint" id={`${id}-hint`}>
          Only when the platform&apos;s stream addresses name its media server&apos;s inside address (or
          127.0.0.1) and nothing plays from here: the host and port that reach it from this computer. It
          replaces the host and port of every stream address; path and query stay.
        </p>
      )}
      {shown && (
        <div className="form-grid" id={`${id}-fields`}>
          <TextField
            label="For http:// and ws:// streams"
            name="mediaHost.http"
            value={value.http}
            placeholder="203.0.113.7:8080"
            inputMode="url"
            error={errors.http}
            hint="host or host:port; blank: as the platform says"
            onChange={(http) => onChange({ ...value, http })}
            data-testid="media-host-http"
          />
          <TextField
            label="For https:// and wss:// streams"
            name="mediaHost.https"
            value={value.https}
            placeholder="media.example.com:8443"
            inputMode="url"
            error={errors.https}
            hint="host or host:port; blank: as the platform says"
            onChange={(https) => onChange({ ...value, https })}
            data-testid="media-host-https"
          />
        </div>
      )}
    </fieldset>
  );
}
