import { useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { parseJson } from './parse-json';
import { wordProblem, type CodedWords } from './problem-text';

export interface ImportDialogProps {
  /** The form holds typed work that loading would replace. */
  replacesDraft: boolean;
  /** Load parsed JSON into the form; a message when it is not one template. */
  onLoad(value: unknown): { ok: true } | ({ ok: false } & CodedWords);
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
  const { t } = useTranslation('templates');
  const [text, setText] = useState('');
  // What is wrong, in the words of the moment it is shown (a language switch re-words it).
  const [problem, setProblem] = useState<{ file?: string; said: CodedWords } | null>(null);
  const error = problem && wordedProblem(problem);
  const setError = (said: CodedWords | null, file?: string) =>
    setProblem(said === null ? null : { file, said });
  const [fileName, setFileName] = useState<string | null>(null);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const textId = useId();
  const errorId = `${textId}-error`;

  const load = (source: string, from: 'file' | 'text') => {
    const parsed = parseJson(source);
    if (!parsed.ok) {
      setError(parsed, from === 'file' ? (fileName ?? t('import.theFile')) : undefined);
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
    if (!loaded.ok) setError(loaded);
  };

  function wordedProblem({ file, said }: { file?: string; said: CodedWords }): string {
    const worded = wordProblem(said);
    return file === undefined ? worded : t('import.fileProblem', { file, message: worded });
  }

  return (
    <Dialog
      title={t('import.title')}
      onClose={onClose}
      size="medium"
      testId="template-import-dialog"
      footer={
        <>
          <Button onClick={onClose}>{t('import.cancel')}</Button>
          <Button variant="primary" disabled={text.trim() === ''} onClick={() => load(text, 'text')}>
            {t('import.loadText')}
          </Button>
        </>
      }
    >
      <p className="text-muted small">
        <Trans t={t} i18nKey="import.intro" components={{ mono: <span className="mono" /> }} />
        {replacesDraft && <strong>{t('import.replaces')}</strong>}
      </p>
      <div className="field">
        <span className="field-label" id={`${textId}-file-label`}>
          {t('import.fromFile')}
        </span>
        {/* The native picker's button speaks the browser's language, not the app's: it is hidden, and
            this label (a click on it opens the picker) says the words. */}
        <div className="tpl-file-row">
          <label className="btn btn-secondary btn-small tpl-file-button" htmlFor={`${textId}-file`}>
            {t('import.chooseFile')}
          </label>
          <span className="small text-muted">{fileName ?? t('import.noFile')}</span>
        </div>
        <input
          id={`${textId}-file`}
          type="file"
          accept=".json,application/json,text/plain"
          className="tpl-file visually-hidden"
          aria-labelledby={`${textId}-file-label`}
          data-testid="import-file"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setFileName(file.name);
            if (file.size > MAX_BYTES) {
              setProblem({ said: { message: t('import.tooLarge', { file: file.name }) } });
              return;
            }
            const content = await file.text();
            const parsed = parseJson(content);
            if (!parsed.ok) {
              setError(parsed, file.name);
              return;
            }
            const loaded = onLoad(parsed.value);
            if (!loaded.ok) setError(loaded, file.name);
          }}
        />
      </div>
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label className="field-label" htmlFor={textId}>
          {t('import.paste')}
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
