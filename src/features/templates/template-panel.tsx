import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { canPerform } from '../../../electron/shared/domain';
import { Button } from '../../components/button';
import { ErrorPanel } from '../../components/error-panel';
import { SkeletonRows } from '../../components/skeleton-rows';
import { api } from '../../lib/bridge';
import { CredentialGate } from './credential-gate';
import { startDraftAutosave, useTemplateFormStore } from './template-form-store';
import { TemplateForm } from './template-form';
import { useProfiles } from './use-profiles';
import './template-panel.css';

export interface TemplatePanelProps {
  onClose(): void;
  /** The credential gate's "Manage profiles": the shell opens profile management. */
  onManageProfiles(): void;
}

const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/**
 * The archive template editor, in the side panel beside the wall.
 *
 * It takes up the draft of the selected profile (saved locally while typing), and only offers the
 * form to credentials that may add templates (User, Project).
 */
export function TemplatePanel({ onClose, onManageProfiles }: TemplatePanelProps) {
  const profiles = useProfiles();
  const { active } = profiles;
  const allowed = active !== null && canPerform(active.credentialType, 'createTemplate');
  const projectKey = active?.credentialType === 'project' ? (active.keys.projectKey ?? '') : '';
  const form = useTemplateFormStore(
    useShallow((s) => ({
      openFor: s.openFor,
      recordCreated: s.recordCreated,
      draftSavedAt: s.draftSavedAt,
      draftError: s.draftError,
      announcement: s.announcement,
      openedFor: s.openedFor,
    })),
  );
  const { openFor, recordCreated } = form;

  const activeId = active?.id ?? null;
  useEffect(() => {
    if (profiles.status === 'ready' && allowed && activeId !== null) openFor(activeId, projectKey);
  }, [profiles.status, allowed, activeId, projectKey, openFor]);

  useEffect(() => startDraftAutosave(), []);
  useEffect(() => api.on('templates:created', ({ entry }) => recordCreated(entry)), [recordCreated]);

  return (
    <div className="tpl-panel" data-testid="template-panel" data-profiles={profiles.status}>
      <header className="tpl-panel-head">
        <div className="tpl-panel-heading">
          <h2 className="tpl-panel-title">Archive template</h2>
          {allowed && (
            <span className="small text-muted" data-testid="draft-status">
              {form.draftError ? (
                <span className="text-warn">Draft not saved locally: {form.draftError}</span>
              ) : form.draftSavedAt !== null ? (
                `Draft saved ${time.format(form.draftSavedAt)}`
              ) : (
                'New template'
              )}
              {active && ` · ${active.name}`}
            </span>
          )}
        </div>
        <Button
          size="small"
          variant="ghost"
          onClick={onClose}
          aria-label="Close the template panel"
          title="Close"
        >
          ✕
        </Button>
      </header>
      <div className="visually-hidden" aria-live="polite" data-testid="template-announcer">
        {form.announcement}
      </div>

      {profiles.status === 'loading' && <SkeletonRows rows={4} label="Loading profiles" />}
      {profiles.status === 'error' && (
        <ErrorPanel title="Profiles could not be loaded" message={profiles.error?.message ?? ''} />
      )}
      {profiles.status === 'ready' && !allowed && (
        <CredentialGate
          active={active}
          profiles={profiles.profiles}
          onSelect={profiles.select}
          onManageProfiles={onManageProfiles}
        />
      )}
      {profiles.status === 'ready' && allowed && form.openedFor === active.id && (
        <TemplateForm projectKeyFromProfile={projectKey !== ''} />
      )}
    </div>
  );
}
