import { useId, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { parseJson } from './parse-json';

export interface ImportDialogProps {
  /** The form holds typed work that loading would replace. */
  replacesDraft: boolean;
  /** Load parsed JSON into the form; a message when it is not one template. */
  onLoad(value: unknown): { ok: true } | { ok: false; message: string };
  onClose(): void;
}

/** Larger than any real template (100 parameters is about 20 kB). */
const MAX_BYTES = 1_000_000;

/**
 * Load a template from a JSON file or pasted text.
 *
 * Only JSON that does not parse, or is not one template object, stays here (with the line and
 * column of a syntax error, and the cursor put there); anything else is loaded into the form, where
 * each problem shows at its field.
 */
export function ImportDialog({ replacesDraft, onLoad, onClose }: ImportDialogProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const textId = useId();
  const errorId = `${textId}-error`;

  const load = (source: string, from: 'file' | 'text') => {
    const parsed = parseJson(source);
    if (!parsed.ok) {
      setError(from === 'file' ? `${fileName ?? 'The file'}: ${parsed.message}` : parsed.message);
      if (from === 'text') {
        // Put the cursor where the syntax breaks.
        const area = areaRef.current;
        if (area) {
          const lines = source.split('\n');
          const offset =
            lines.slice(0, parsed.line - 1).reduce((n, line) => n + line.length + 1, 0) + parsed.column - 1;
          area.focus();
          area.setSelectionRange(offset, offset + 1);
        }
      }
      return;
    }
    const loaded = onLoad(parsed.value);
    if (!loaded.ok) setError(loaded.message);
  };

  return (
    <Dialog
      title="Import a template"
      onClose={onClose}
      size="medium"
      testId="template-import-dialog"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={text.trim() === ''} onClick={() => load(text, 'text')}>
            Load pasted text
          </Button>
        </>
      }
    >
      <p className="text-muted small">
        A JSON object with <span className="mono">name</span>, <span className="mono">desc</span> and{' '}
        <span className="mono">parameters</span>, as the platform takes it (an export of this panel is one).
        Whatever parses is loaded into the form, and each problem is shown at its field.
        {replacesDraft && <strong> Loading replaces the draft you are editing.</strong>}
      </p>
      <div className="field">
        <label className="field-label" htmlFor={`${textId}-file`}>
          From a file
        </label>
        <input
          id={`${textId}-file`}
          type="file"
          accept=".json,application/json,text/plain"
          className="tpl-file"
          data-testid="import-file"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setFileName(file.name);
            if (file.size > MAX_BYTES) {
              setError(`${file.name} is larger than 1 MB: not a template.`);
              return;
            }
            const content = await file.text();
            const parsed = parseJson(content);
            if (!parsed.ok) {
              setError(`${file.name}: ${parsed.message}`);
              return;
            }
            const loaded = onLoad(parsed.value);
            if (!loaded.ok) setError(`${file.name}: ${loaded.message}`);
          }}
        />
      </div>
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label className="field-label" htmlFor={textId}>
          Or paste the JSON
        </label>
        <textarea
          ref={areaRef}
          id={textId}
          className="input mono tpl-import-text"
          rows={12}
          spellCheck={false}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="import-text"
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
        {error && (
          <div className="field-error" id={errorId} role="alert" data-testid="import-error">
            {error}
          </div>
        )}
      </div>
    </Dialog>
  );
}
