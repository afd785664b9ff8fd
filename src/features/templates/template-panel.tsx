import { useEffect, useLayoutEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { canPerform } from '../../../electron/shared/domain';
import { Button } from '../../components/button';
import { ErrorPanel } from '../../components/error-panel';
import { SkeletonRows } from '../../components/skeleton-rows';
import { api } from '../../lib/bridge';
import { profileName } from '../../lib/profile-name';
import { useCoreMirror } from '../../session/core-mirror';
import { selectActiveProfile, useProfileSession } from '../../session/profiles-store';
import { CredentialGate } from './credential-gate';
import { DraftStatus } from './draft-status';
import { KeptAsideNotice } from './kept-aside-notice';
import { startDraftAutosave } from './draft-autosave';
import { useTemplateFormStore } from './template-form-store';
import { TemplateForm } from './template-form';
import { useEscapeToClose } from './use-escape-to-close';
import { useSelectingProfileId } from './use-selecting-profile';
import './template-panel.css';

export interface TemplatePanelProps {
  onClose(): void;
  /** The credential gate's "Manage profiles": the shell opens profile management. */
  onManageProfiles(): void;
}

/**
 * The archive template editor, in the side panel beside the wall.
 *
 * It takes up the draft of the selected profile (kept by the core while typing), and only offers the
 * form to credentials that may add templates (User, Project).
 *
 * While the profile is switching (the switch asked for has not landed, or the next profile's draft is
 * still being read) the form is disabled as a whole: a keystroke typed then would go into a draft
 * that is about to be replaced.
 */
export function TemplatePanel({ onClose, onManageProfiles }: TemplatePanelProps) {
  const mirrored = useCoreMirror(
    useShallow((s) => ({
      status: s.status === 'idle' ? 'loading' : s.status,
      error: s.error,
      list: s.profiles,
      active: selectActiveProfile(s),
    })),
  );
  const { t } = useTranslation('templates');
  const select = useProfileSession((s) => s.select);
  const profiles = { ...mirrored, select };
  const { active } = profiles;
  const selectingId = useSelectingProfileId();
  const allowed = active !== null && canPerform(active.credentialType, 'createTemplate');
  const projectKey = active?.credentialType === 'project' ? (active.keys.projectKey ?? '') : '';
  const form = useTemplateFormStore(
    useShallow((s) => ({
      openFor: s.openFor,
      recordCreated: s.recordCreated,
      dismissKeptAside: s.dismissKeptAside,
      announcement: s.announcement,
      openedFor: s.openedFor,
      opening: s.opening,
      openError: s.openError,
      keptAside: s.keptAside,
    })),
  );
  const { openFor, recordCreated } = form;
  const rootRef = useRef<HTMLDivElement>(null);
  const close = useEscapeToClose(rootRef, onClose);

  const activeId = active?.id ?? null;
  const ready = profiles.status === 'ready';
  useEffect(() => {
    if (ready && allowed && activeId !== null) void openFor(activeId, projectKey);
  }, [ready, allowed, activeId, projectKey, openFor]);

  useEffect(() => startDraftAutosave(), []);
  useEffect(() => api.on('templates:created', ({ entry }) => recordCreated(entry)), [recordCreated]);

  const pending = selectingId !== null && selectingId !== activeId;
  const switchingTo = pending
    ? (profiles.list.find((p) => p.id === selectingId) ?? null)
    : allowed && form.openedFor !== undefined && (form.opening !== null || form.openedFor !== activeId)
      ? active
      : null;
  const switching = pending || switchingTo !== null;
  const switchingName = switchingTo ? profileName(switchingTo) : t('panel.anotherProfile');
  // The form on screen is always the active profile's: while a switch is asked for it stays, disabled;
  // once the next profile is active, its draft is being opened (a skeleton), never the last one's.
  const formIsActive = form.openedFor !== undefined && form.openedFor === activeId;
  const failedToOpen =
    form.openError !== null && form.openError.profileId === activeId && form.opening === null;

  // The field the operator was in when a switch began gets the focus back once the new draft is there.
  const focusPath = useRef<string | null>(null);
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (switching) {
      const path = document.activeElement?.getAttribute('data-path');
      if (path && root?.contains(document.activeElement)) focusPath.current = path;
      return;
    }
    const path = focusPath.current;
    focusPath.current = null;
    if (!path || !root || (document.activeElement && document.activeElement !== document.body)) return;
    root.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`)?.focus();
  }, [switching]);

  return (
    <div className="tpl-panel" ref={rootRef} data-testid="template-panel" data-profiles={profiles.status}>
      <header className="tpl-panel-head">
        <div className="tpl-panel-heading">
          <h2 className="tpl-panel-title">{t('panel.title')}</h2>
          {(allowed || switching) && (
            <DraftStatus
              switchingTo={switching ? switchingName : null}
              profileName={active ? profileName(active) : null}
            />
          )}
        </div>
        <Button
          size="small"
          variant="ghost"
          onClick={close}
          aria-label={t('panel.close')}
          title={t('panel.closeTitle')}
        >
          ✕
        </Button>
      </header>
      <div className="visually-hidden" aria-live="polite" data-testid="template-announcer">
        {form.announcement}
      </div>

      {profiles.status === 'loading' && <SkeletonRows rows={4} label={t('panel.loadingProfiles')} />}
      {profiles.status === 'error' && (
        <ErrorPanel title={t('panel.profilesError')} message={profiles.error?.message ?? ''} />
      )}
      {ready && !allowed && (
        <CredentialGate
          active={active}
          profiles={profiles.list}
          onSelect={profiles.select}
          onManageProfiles={onManageProfiles}
        />
      )}
      {ready && allowed && failedToOpen && (
        <ErrorPanel
          title={t('panel.openError', { name: profileName(active) })}
          message={t('panel.openErrorMessage', { reason: capitalise(form.openError?.message ?? '') })}
          onRetry={() => void openFor(active.id, projectKey)}
          testId="template-open-error"
        />
      )}
      {ready && allowed && !failedToOpen && !formIsActive && (
        <SkeletonRows rows={4} label={t('panel.opening', { name: profileName(active) })} />
      )}
      {ready && allowed && formIsActive && (
        <fieldset
          className="tpl-fieldset"
          disabled={switching}
          aria-busy={switching || undefined}
          data-testid="template-fieldset"
          data-switching={switching ? 'true' : 'false'}
        >
          <legend className="visually-hidden">
            {switching ? t('panel.switchingLegend', { name: switchingName }) : t('panel.title')}
          </legend>
          {switching && (
            <p className="tpl-switching" role="status" data-testid="template-switching">
              <span className="spinner" aria-hidden="true" />
              <span>
                <Trans
                  t={t}
                  i18nKey="panel.switching"
                  components={{ strong: <strong>{switchingName}</strong> }}
                />
              </span>
            </p>
          )}
          {form.keptAside && (
            <KeptAsideNotice
              kept={form.keptAside}
              profileName={active ? profileName(active) : t('panel.thisProfile')}
              onDismiss={form.dismissKeptAside}
            />
          )}
          <TemplateForm projectKeyFromProfile={projectKey !== ''} />
        </fieldset>
      )}
    </div>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
