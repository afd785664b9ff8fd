import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('profiles');
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
          <span aria-hidden="true">{shown ? '▾' : '▸'}</span> {t('mediaHost.toggle')}
        </button>
        {!shown && (
          <span className="text-muted small" data-testid="media-host-summary">
            {' '}
            · {set ? summary : t('mediaHost.asPlatformSays')}
          </span>
        )}
      </legend>
      {shown && (
        <p className="field-hint" id={`${id}-hint`}>
          {t('mediaHost.hint')}
        </p>
      )}
      {shown && (
        <div className="form-grid" id={`${id}-fields`}>
          <TextField
            label={t('mediaHost.http')}
            name="mediaHost.http"
            value={value.http}
            placeholder="203.0.113.7:8080"
            inputMode="url"
            error={errors.http}
            hint={t('mediaHost.fieldHint')}
            onChange={(http) => onChange({ ...value, http })}
            data-testid="media-host-http"
          />
          <TextField
            label={t('mediaHost.https')}
            name="mediaHost.https"
            value={value.https}
            placeholder={t('mediaHost.httpsPlaceholder')}
            inputMode="url"
            error={errors.https}
            hint={t('mediaHost.fieldHint')}
            onChange={(https) => onChange({ ...value, https })}
            data-testid="media-host-https"
          />
        </div>
      )}
    </fieldset>
  );
}
