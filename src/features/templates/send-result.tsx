import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArchiveTemplateResult } from '../../../electron/shared/domain';
import { Button } from '../../components/button';
import { copyText } from './copy-text';

export interface SendResultProps {
  result: ArchiveTemplateResult;
  onDismiss(): void;
}

/** The platform's answer to a created template, each value with a copy button. */
export function SendResult({ result, onDismiss }: SendResultProps) {
  const { t } = useTranslation('templates');
  const rows: [label: string, copyLabel: string, value: string, testId: string][] = [
    [t('result.templateId'), t('result.copyTemplateId'), String(result.templateId), 'result-template-id'],
    [t('result.templateName'), t('result.copyTemplateName'), result.templateName, 'result-template-name'],
    [t('result.projectKey'), t('result.copyProjectKey'), result.projectKey, 'result-project-key'],
  ];
  return (
    <div
      className="callout tpl-callout-ok tpl-result"
      role="status"
      tabIndex={-1}
      data-testid="template-result"
    >
      <div className="tpl-result-head">
        <p className="callout-title">{t('result.title')}</p>
        <Button size="small" variant="ghost" onClick={onDismiss} aria-label={t('result.dismiss')}>
          ✕
        </Button>
      </div>
      <dl className="tpl-result-list">
        {rows.map(([label, copyLabel, value, testId]) => (
          <div key={testId} className="tpl-result-row">
            <dt>{label}</dt>
            <dd className="mono" data-testid={testId}>
              {value}
            </dd>
            <dd>
              <CopyButton text={value} label={copyLabel} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('templates');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <>
      <Button
        size="small"
        aria-label={label}
        onClick={async () => {
          setState((await copyText(text)) ? 'copied' : 'failed');
          setTimeout(() => setState('idle'), 2000);
        }}
      >
        {state === 'copied' ? t('result.copied') : t('result.copy')}
      </Button>
      {state === 'failed' && (
        <span className="small text-warn" role="alert">
          {t('result.copyFailed')}
        </span>
      )}
    </>
  );
}
