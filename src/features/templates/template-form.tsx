import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { TemplateHistoryEntry } from '../../../electron/shared/contract';
import { MAX_PARAMETERS, type FieldProblem } from '../../../electron/shared/domain';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorPanel } from '../../components/error-panel';
import { checkDraft, draftToDto } from './check-draft';
import { downloadJsonText } from '../../lib/download-file';
import { exportFileName } from './download-json';
import { DraftInput } from './draft-input';
import { fieldIdForPath, problemsByField, type FieldId } from './field-ids';
import type { FieldMessagesOf } from './field-messages';
import { ImportDialog } from './import-dialog';
import { ParameterEditor } from './parameter-editor';
import { pathLabel } from './path-label';
import { ProblemSummary } from './problem-summary';
import { wordProblem } from './problem-text';
import { ProjectKeyField } from './project-key-field';
import { SendResult } from './send-result';
import { isBlankDraft } from './template-draft';
import { useTemplateFormStore } from './template-form-store';
import { TemplateHistory } from './template-history';

export interface TemplateFormProps {
  /** The selected profile has Project credentials: its project key is the default. */
  projectKeyFromProfile: boolean;
}

/** The archive template form: fields, parameters, the problem count, send, import/export, history. */
export function TemplateForm({ projectKeyFromProfile }: TemplateFormProps) {
  const { t, i18n } = useTranslation('templates');
  const s = useTemplateFormStore(
    useShallow((state) => ({
      draft: state.draft,
      touched: state.touched,
      revealAll: state.revealAll,
      external: state.external,
      top: state.top,
      sending: state.sending,
      result: state.result,
      lastRemoved: state.lastRemoved,
      history: state.history,
      historyStatus: state.historyStatus,
      historyError: state.historyError,
      defaultProjectKey: state.defaultProjectKey,
      knownKeys: state.knownKeys,
    })),
  );
  const actions = useTemplateFormStore(
    useShallow((state) => ({
      editField: state.editField,
      touch: state.touch,
      addParameter: state.addParameter,
      undoRemove: state.undoRemove,
      revealProblems: state.revealProblems,
      send: state.send,
      discard: state.discard,
      loadTemplate: state.loadTemplate,
      dismissResult: state.dismissResult,
      dismissTop: state.dismissTop,
      loadHistory: state.loadHistory,
    })),
  );
  const [dialog, setDialog] = useState<
    { kind: 'import' } | { kind: 'discard' } | { kind: 'history'; entry: TemplateHistoryEntry } | null
  >(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<string | null>(null);

  const check = useMemo(() => checkDraft(s.draft), [s.draft]);
  const placed = useMemo(() => problemsByField(check.problems, s.draft), [check, s.draft]);

  const messagesOf: FieldMessagesOf = useCallback(
    (id, path) => {
      const own = s.revealAll || s.touched[id] ? (placed.byField.get(id) ?? []) : [];
      const said = s.external[id] ?? [];
      const all = [...said, ...own.filter((m) => !said.some((p) => p.message === m.message))].map(
        wordProblem,
      );
      const note = check.notes[path];
      return { error: all.length ? all.join('; ') : undefined, hint: note && wordProblem(note) };
    },
    // The language: the problems are worded anew when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [placed, check.notes, s.external, s.revealAll, s.touched, i18n.language],
  );

  const focusAfterRender = useCallback((selector: string) => {
    pendingFocus.current = selector;
  }, []);
  // After a move, add or removal React has re-rendered: put the focus where it was asked to go.
  useLayoutEffect(() => {
    const selector = pendingFocus.current;
    if (!selector) return;
    pendingFocus.current = null;
    const target = rootRef.current?.querySelector<HTMLElement>(selector);
    target?.focus();
    target?.scrollIntoView({ block: 'nearest' });
  });

  const goTo = (problem: FieldProblem) => {
    const id = fieldIdForPath(problem.path, s.draft);
    const root = rootRef.current;
    if (!root) return;
    const target =
      (id && root.querySelector<HTMLElement>(`[data-field="${CSS.escape(id)}"]`)) ||
      (id &&
        root.querySelector<HTMLElement>(`[data-param-key="${CSS.escape(id.split(':')[1] ?? '')}"] h4`)) ||
      null;
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  };

  const count = check.problems.length;
  const top = (id: FieldId, path: string) => messagesOf(id, path);
  const parametersMessage = top('parameters', 'parameters').error;
  const blank = isBlankDraft(s.draft);
  const refused =
    s.top.some((m) => m.source === 'server') || Object.values(s.external).some((m) => m.length > 0);
  // A template just created and the form empty again: the success speaks, not what a new one lacks.
  const justSent = !!s.result && blank;

  const onSend = async () => {
    const sent = await actions.send();
    if (sent) {
      // The answer is at the top of the panel: bring it into view and give it the focus.
      const result = rootRef.current?.querySelector<HTMLElement>('[data-testid="template-result"]');
      result?.scrollIntoView({ block: 'start' });
      result?.focus();
    } else {
      // The first problem (server or local) gets the focus, so the keyboard user lands on it.
      const first = rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
    }
  };

  return (
    <div className="tpl-form" ref={rootRef} data-testid="template-form">
      <div className="tpl-toolbar" role="toolbar" aria-label={t('form.toolbar')}>
        <Button
          size="small"
          variant="ghost"
          onClick={() => setDialog({ kind: 'import' })}
          data-testid="template-import"
        >
          {t('form.import')}
        </Button>
        <Button
          size="small"
          variant="ghost"
          data-testid="template-export"
          title={t('form.exportTitle')}
          onClick={() =>
            downloadJsonText(
              exportFileName(s.draft.name),
              `${JSON.stringify(draftToDto(s.draft).dto, null, 2)}\n`,
            )
          }
        >
          {t('form.export')}
        </Button>
        <span className="spacer" />
        <Button
          size="small"
          variant="ghost"
          className="tpl-discard"
          disabled={blank}
          data-testid="template-discard"
          onClick={() => setDialog({ kind: 'discard' })}
        >
          {t('form.discard')}
        </Button>
      </div>

      {s.result && <SendResult result={s.result} onDismiss={actions.dismissResult} />}

      {s.top.map((m, i) =>
        m.source === 'server' ? (
          <ErrorPanel
            key={i}
            title={m.title}
            message={m.status !== undefined ? t('form.platformSaid', { message: m.message }) : m.message}
            // The core's refusal is worded from its code; a platform's own words are shown as sent, marked.
            coded={m.error}
            status={m.status}
            testId="template-server-error"
          >
            {m.details.length > 0 && (
              <DetailList details={m.details} draft={s.draft} platform={m.status !== undefined} />
            )}
            <Button size="small" variant="ghost" onClick={actions.dismissTop}>
              {t('form.dismiss')}
            </Button>
          </ErrorPanel>
        ) : (
          <div key={i} className="callout callout-warn" role="status" data-testid="template-import-remarks">
            <p className="callout-title">{m.title}</p>
            <p>{m.message}</p>
            {m.details.length > 0 && <DetailList details={m.details} draft={s.draft} platform={false} />}
            <Button size="small" variant="ghost" onClick={actions.dismissTop}>
              {t('form.dismiss')}
            </Button>
          </div>
        ),
      )}

      <ProblemSummary
        problems={check.problems}
        draft={s.draft}
        revealed={s.revealAll}
        context={justSent ? 'sent' : refused ? 'refused' : null}
        onReveal={actions.revealProblems}
        onGoTo={goTo}
      />

      <div className="tpl-fields">
        <ProjectKeyField
          value={s.draft.projectKey}
          messages={top('projectKey', 'projectKey')}
          profileKey={projectKeyFromProfile ? s.defaultProjectKey : ''}
          knownKeys={s.knownKeys}
          onChange={(v) => actions.editField('projectKey', v)}
          onBlur={() => actions.touch('projectKey')}
        />
        <DraftInput
          label={t('form.name')}
          fieldId="name"
          path="name"
          value={s.draft.name}
          messages={top('name', 'name')}
          placeholder={t('form.namePlaceholder')}
          onChange={(v) => actions.editField('name', v)}
          onBlur={() => actions.touch('name')}
        />
        <DraftInput
          label={t('form.description')}
          fieldId="desc"
          path="desc"
          value={s.draft.desc}
          messages={top('desc', 'desc')}
          multiline
          placeholder={t('form.optional')}
          onChange={(v) => actions.editField('desc', v)}
          onBlur={() => actions.touch('desc')}
        />
      </div>

      <div className="tpl-params-head">
        <h3 className="tpl-section-title" id="tpl-params-title">
          <Trans
            t={t}
            i18nKey="form.parameters"
            values={{ count: s.draft.parameters.length }}
            components={{ muted: <span className="text-muted" /> }}
          />
        </h3>
        <span className="small text-muted tpl-keys-hint">{t('form.keysHint')}</span>
      </div>
      {parametersMessage && (
        <p className="field-error" data-error-for="parameters" data-field="parameters" tabIndex={-1}>
          {parametersMessage}
        </p>
      )}
      {s.lastRemoved && (
        <div className="tpl-undo" role="status" data-testid="undo-remove">
          <span>
            {s.lastRemoved.parameter.identifier.trim()
              ? t('form.removedNamed', {
                  number: s.lastRemoved.index + 1,
                  identifier: s.lastRemoved.parameter.identifier.trim(),
                })
              : t('form.removed', { number: s.lastRemoved.index + 1 })}
          </span>
          <Button
            size="small"
            data-focus="undo-remove"
            onClick={() => {
              const key = s.lastRemoved?.parameter.key;
              actions.undoRemove();
              if (key) focusAfterRender(`[data-focus="${CSS.escape(`${key}:head`)}"]`);
            }}
          >
            {t('form.undo')}
          </Button>
        </div>
      )}

      <div className="tpl-params" aria-labelledby="tpl-params-title">
        {s.draft.parameters.map((p, i) => (
          <ParameterEditor
            key={p.key}
            parameter={p}
            index={i}
            count={s.draft.parameters.length}
            messagesOf={messagesOf}
            focusAfterRender={focusAfterRender}
          />
        ))}
      </div>
      <Button
        className="tpl-add"
        data-focus="add-parameter"
        disabled={s.draft.parameters.length >= MAX_PARAMETERS}
        title={
          s.draft.parameters.length >= MAX_PARAMETERS
            ? t('form.maxParameters', { max: MAX_PARAMETERS })
            : undefined
        }
        onClick={() => {
          const key = actions.addParameter();
          focusAfterRender(`[data-field="${CSS.escape(`param:${key}:identifier`)}"]`);
        }}
      >
        {t('form.addParameter')}
      </Button>

      <TemplateHistory
        entries={s.history}
        status={s.historyStatus}
        error={s.historyError}
        onRetry={() => void actions.loadHistory()}
        onStartFrom={(entry) => {
          if (isBlankDraft(useTemplateFormStore.getState().draft)) actions.loadTemplate('history', entry);
          else setDialog({ kind: 'history', entry });
        }}
      />

      <footer className="tpl-footer">
        <Button
          variant="primary"
          busy={s.sending}
          disabled={count > 0}
          aria-describedby="tpl-send-reason"
          data-testid="template-send"
          onClick={onSend}
        >
          {t('form.send')}
        </Button>
        <span id="tpl-send-reason" className="small text-muted tpl-send-reason" data-testid="send-reason">
          {s.sending
            ? t('form.sending')
            : justSent
              ? t('form.sent')
              : count > 0
                ? t('form.fixFirst', { count })
                : ''}
        </span>
      </footer>

      {dialog?.kind === 'import' && (
        <ImportDialog
          replacesDraft={!blank}
          onClose={() => setDialog(null)}
          onLoad={(value) => {
            const loaded = actions.loadTemplate('import', value);
            if (!loaded.ok) return loaded;
            setDialog(null);
            return { ok: true };
          }}
        />
      )}
      {dialog?.kind === 'discard' && (
        <ConfirmDialog
          title={t('form.discardTitle')}
          message={<p>{t('form.discardMessage')}</p>}
          confirmLabel={t('form.discardConfirm')}
          danger
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            actions.discard();
            setDialog(null);
          }}
        />
      )}
      {dialog?.kind === 'history' && (
        <ConfirmDialog
          title={t('form.replaceTitle')}
          message={<p>{t('form.replaceMessage', { name: dialog.entry.templateName })}</p>}
          confirmLabel={t('form.replaceConfirm')}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            actions.loadTemplate('history', dialog.entry);
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}

/** Problems with no field on screen; a platform's are shown as it sent them, the app's in its language. */
function DetailList({
  details,
  draft,
  platform,
}: {
  details: readonly FieldProblem[];
  draft: Parameters<typeof pathLabel>[1];
  platform: boolean;
}) {
  const { t } = useTranslation('templates');
  return (
    <ul className="tpl-detail-list">
      {details.map((d, i) => (
        <li key={i}>
          <Trans
            t={t}
            i18nKey="form.detail"
            components={{
              place: <span className="mono">{pathLabel(d.path, draft)}</span>,
              problem: <>{platform ? d.message : wordProblem(d)}</>,
            }}
          />
        </li>
      ))}
    </ul>
  );
}
