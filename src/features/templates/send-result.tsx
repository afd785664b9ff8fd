import { useState } from 'react';
import type { ArchiveTemplateResult } from '../../../electron/shared/domain';
import { Button } from '../../components/button';
import { copyText } from './copy-text';

export interface SendResultProps {
  result: ArchiveTemplateResult;
  onDismiss(): void;
}

/** The platform's answer to a created template, each value with a copy button. */
export function SendResult({ result, onDismiss }: SendResultProps) {
  const rows: [label: string, value: string, testId: string][] = [
    ['Template id', String(result.templateId), 'result-template-id'],
    ['Template name', result.templateName, 'result-template-name'],
    ['Project key', result.projectKey, 'result-project-key'],
  ];
  return (
    <div
      className="callout tpl-callout-ok tpl-result"
      role="status"
      tabIndex={-1}
      data-testid="template-result"
    >
      <div className="tpl-result-head">
        <p className="callout-title">Template created</p>
        <Button size="small" variant="ghost" onClick={onDismiss} aria-label="Dismiss the result">
          ✕
        </Button>
      </div>
      <dl className="tpl-result-list">
        {rows.map(([label, value, testId]) => (
          <div key={label} className="tpl-result-row">
            <dt>{label}</dt>
            <dd className="mono" data-testid={testId}>
              {value}
            </dd>
            <dd>
              <CopyButton text={value} label={label} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <>
      <Button
        size="small"
        aria-label={`Copy ${label.toLowerCase()}`}
        onClick={async () => {
          setState((await copyText(text)) ? 'copied' : 'failed');
          setTimeout(() => setState('idle'), 2000);
        }}
      >
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      {state === 'failed' && (
        <span className="small text-warn" role="alert">
          Could not copy: select the value and copy it by hand.
        </span>
      )}
    </>
  );
}
