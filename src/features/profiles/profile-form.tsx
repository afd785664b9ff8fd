import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import {
  CREDENTIAL_FIELDS,
  CredentialTypeSchema,
  operationsOf,
  type FieldProblem,
} from '../../../electron/shared/domain';
import type { AppError } from '../../../electron/shared/contract';
import type { ProfileView } from '../../../electron/shared/profile';
import { plainHttpWarning } from '../../../electron/shared/transport-security';
import { Button } from '../../components/button';
import { ErrorPanel } from '../../components/error-panel';
import { SecretField } from '../../components/secret-field';
import { TextField } from '../../components/text-field';
import { useCoreMirror } from '../../session/core-mirror';
import { useProfileSession } from '../../session/profiles-store';
import { ConnectionTestReport } from './connection-test-report';
import { MediaHostField } from './media-host-field';
import { PlacementField } from './placement-field';
import {
  checkDraft,
  draftFromProfile,
  emptyDraft,
  fieldErrors,
  formPaths,
  isWeakStorageRefusal,
  secretIsStored,
  secretRebindReason,
  toSaveInput,
  type ProfileDraft,
} from './profile-draft';
import { needsAsking, saveCheck, testFingerprint, type SaveQuestion, type TestedDraft } from './save-check';
import { SaveCheckDialog } from './save-check-dialog';
import { TestProgress } from './test-progress';

export interface ProfileFormProps {
  /** The saved profile to edit; absent: a new profile. */
  profile?: ProfileView;
  /** Make the profile active once saved (first run, or no profile is active): nothing is switched away. */
  selectOnSave?: boolean;
  onSaved(profile: ProfileView): void;
  onCancel?: () => void;
}

/** A test under way: when it started, and its number (a cancelled one's late answer is ignored). */
interface Testing {
  startedAt: number;
  run: number;
}

/**
 * Create or edit a connection profile: name, base URL, credential type with exactly its fields,
 * placement, a connection test, and save.
 *
 * Nothing typed is lost on an error: the draft stays as it is and each problem shows at its field
 * (paths like `keys.userKey`), the rest at the top in plain words. A profile whose connection was not
 * tested, or failed its test, is saved only after the operator says so. A successful test sets the
 * placement it found; a test can be cancelled (its late answer is ignored; the core's request times
 * out by itself).
 */
export function ProfileForm({ profile, selectOnSave = false, onSaved, onCancel }: ProfileFormProps) {
  const appInfo = useCoreMirror((m) => m.appInfo);
  const { t } = useTranslation(['profiles', 'common']);
  const { save, test } = useProfileSession(useShallow((s) => ({ save: s.save, test: s.test })));
  const [draft, setDraft] = useState<ProfileDraft>(() =>
    profile ? draftFromProfile(profile) : emptyDraft(),
  );
  const [attempted, setAttempted] = useState(false);
  const [serverProblems, setServerProblems] = useState<FieldProblem[]>([]);
  const [topError, setTopError] = useState<{ title: string; error: AppError } | null>(null);
  const [weakRefusal, setWeakRefusal] = useState<AppError | null>(null);
  const [acceptWeak, setAcceptWeak] = useState(false);
  const [tested, setTested] = useState<TestedDraft | null>(null);
  const [testing, setTesting] = useState<Testing | null>(null);
  const [saving, setSaving] = useState(false);
  const [asking, setAsking] = useState<SaveQuestion | null>(null);
  const runs = useRef(0);
  const typeGroupId = useId();

  const localProblems = useMemo(
    () => (attempted ? checkDraft(draft, profile) : []),
    [attempted, draft, profile],
  );
  const errors = fieldErrors([...localProblems, ...serverProblems]);
  const fields = CREDENTIAL_FIELDS[draft.credentialType];
  const editing = !!profile;
  const busy = saving || testing !== null;
  const rebind = secretRebindReason(draft, profile);
  // The shared rule says when; the words are the form's (the host is the one the rule warned about).
  const plainHttpHost = plainHttpWarning(draft.baseUrl) && hostOf(draft.baseUrl);
  // The test's result belongs to the connection it tested: shown only while that still stands.
  const result = tested && tested.fingerprint === testFingerprint(draft) ? tested.result : null;
  const placementFound = !!result?.ok && result.placement === draft.placement;

  const change = (path: string, update: (d: ProfileDraft) => ProfileDraft) => {
    setDraft(update);
    setServerProblems((ps) => ps.filter((p) => p.path !== path));
  };

  /** Place an error's details at their fields; what has no field goes to the top. */
  const showError = (title: string, error: AppError) => {
    const known = new Set(formPaths(draft.credentialType));
    const atFields = (error.details ?? []).filter((d) => known.has(d.path));
    setServerProblems(atFields);
    const rest = (error.details ?? []).filter((d) => !known.has(d.path));
    setTopError({
      title,
      error: atFields.length > 0 && rest.length === 0 ? { ...error, message: t('form.checkFields') } : error,
    });
  };

  const validate = (): boolean => {
    setAttempted(true);
    setTopError(null);
    if (checkDraft(draft, profile).length > 0) {
      setTopError({
        title: t('form.notSavedYet'),
        error: { kind: 'invalid-input', message: t('form.checkFields') },
      });
      return false;
    }
    return true;
  };

  const doSave = async (withWeak = false) => {
    setSaving(true);
    const saved = await save(toSaveInput(draft, { acceptWeakStorage: withWeak, select: selectOnSave }));
    setSaving(false);
    if (saved.ok) {
      setWeakRefusal(null);
      onSaved(saved.value);
      return;
    }
    if (isWeakStorageRefusal(saved.error)) {
      setWeakRefusal(saved.error);
      return;
    }
    showError(saved.error.kind === 'locked' ? t('form.locked') : t('form.notSaved'), saved.error);
  };

  /** Run the connection test; `thenSave`: the operator chose "Test now" on saving, so save if it passes. */
  const runTest = async (thenSave = false) => {
    if (!validate()) return;
    const run = ++runs.current;
    setTesting({ startedAt: Date.now(), run });
    const answer = await test({ draft: toSaveInput(draft) });
    if (runs.current !== run) return; // cancelled meanwhile
    setTesting(null);
    if (!answer.ok) {
      showError(t('form.testCouldNotRun'), answer.error);
      return;
    }
    // Adopt where the credentials worked, so what is saved is what was tested.
    const adopted = answer.value.ok && answer.value.placement ? answer.value.placement : draft.placement;
    const next = { ...draft, placement: adopted };
    setDraft(next);
    const now = { fingerprint: testFingerprint(next), result: answer.value };
    setTested(now);
    if (!thenSave) return;
    const check = saveCheck(next, now);
    if (!needsAsking(check)) {
      setSaving(true);
      const saved = await save(toSaveInput(next, { select: selectOnSave }));
      setSaving(false);
      if (saved.ok) onSaved(saved.value);
      else if (isWeakStorageRefusal(saved.error)) setWeakRefusal(saved.error);
      else showError(saved.error.kind === 'locked' ? t('form.locked') : t('form.notSaved'), saved.error);
    } else setAsking(check);
  };

  const cancelTest = () => {
    runs.current++;
    setTesting(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !validate()) return;
    const check = saveCheck(draft, tested, profile && draftFromProfile(profile));
    if (needsAsking(check)) setAsking(check);
    else void doSave(false);
  };

  return (
    <form
      className="profile-form"
      onSubmit={submit}
      noValidate
      data-testid="profile-form"
      aria-label={t('form.label')}
      aria-busy={busy || undefined}
    >
      {topError && (
        <ErrorPanel
          title={topError.title}
          message={topError.error.message}
          coded={topError.error}
          status={topError.error.status}
          kind={topError.error.kind}
          testId="profile-form-error"
        />
      )}

      <fieldset className="profile-form-fields" disabled={busy}>
        <div className="form-grid">
          <TextField
            label={t('form.name')}
            value={draft.name}
            placeholder={t('form.namePlaceholder')}
            error={errors.name}
            onChange={(v) => change('name', (d) => ({ ...d, name: v }))}
            autoFocus
          />
          <TextField
            label={t('form.baseUrl')}
            value={draft.baseUrl}
            placeholder={t('form.baseUrlPlaceholder')}
            inputMode="url"
            error={errors.baseUrl}
            onChange={(v) => change('baseUrl', (d) => ({ ...d, baseUrl: v }))}
          />
        </div>
        {plainHttpHost && (
          <p className="callout callout-warn small" role="note" data-testid="plain-http-warning">
            ⚠ {t('form.plainHttp', { host: plainHttpHost })}
          </p>
        )}

        <fieldset className="choice-group" aria-describedby={`${typeGroupId}-hint`}>
          <legend className="field-label">{t('form.credentialType')}</legend>
          <div className="segmented">
            {CredentialTypeSchema.options.map((type) => (
              <label key={type} className={`segment ${draft.credentialType === type ? 'segment-on' : ''}`}>
                <input
                  type="radio"
                  name={`${typeGroupId}-type`}
                  value={type}
                  checked={draft.credentialType === type}
                  onChange={() => change('credentialType', (d) => ({ ...d, credentialType: type }))}
                />
                {t(`common:credentialType.${type}`)}
              </label>
            ))}
          </div>
          <p className="field-hint" id={`${typeGroupId}-hint`}>
            {t('form.typeHint', {
              fields: t(`form.typeFields.${draft.credentialType}`),
              operations: operationsOf(draft.credentialType)
                .map((op) => t(`operation.${op}`))
                .join(t('form.operationSeparator')),
            })}
          </p>
        </fieldset>

        <div className="credential-fields" data-testid="credential-fields">
          <div className="form-grid">
            {fields.keys.map((name) => (
              <TextField
                key={name}
                label={name}
                name={name}
                value={draft.keys[name] ?? ''}
                error={errors[`keys.${name}`]}
                onChange={(v) => change(`keys.${name}`, (d) => ({ ...d, keys: { ...d.keys, [name]: v } }))}
              />
            ))}
          </div>
          {fields.secrets.map((name) => {
            const stored = secretIsStored(draft, profile, name);
            const typed = (draft.secrets[name] ?? '') !== '';
            return (
              <SecretField
                key={name}
                label={name}
                name={name}
                value={draft.secrets[name] ?? ''}
                placeholder={stored ? t('form.storedPlaceholder') : undefined}
                hint={
                  rebind && !typed ? (
                    <span className="text-warn" data-testid="secret-again">
                      {rebind}
                    </span>
                  ) : stored ? (
                    t('form.secretKept')
                  ) : (
                    t('form.secretNew')
                  )
                }
                error={errors[`secrets.${name}`]}
                onChange={(v) =>
                  change(`secrets.${name}`, (d) => ({ ...d, secrets: { ...d.secrets, [name]: v } }))
                }
              />
            );
          })}
        </div>

        <PlacementField
          value={draft.placement}
          found={placementFound}
          onChange={(placement) => change('placement', (d) => ({ ...d, placement }))}
        />

        <MediaHostField
          value={draft.mediaHost}
          errors={{ http: errors['mediaHost.http'], https: errors['mediaHost.https'] }}
          onChange={(mediaHost) => {
            change('mediaHost.http', (d) => ({ ...d, mediaHost }));
            setServerProblems((ps) => ps.filter((p) => p.path !== 'mediaHost.https'));
          }}
        />
      </fieldset>

      {appInfo?.storageTier === 'weak' && !weakRefusal && (
        <p className="callout callout-warn" role="note">
          {t('form.weakNote')}
        </p>
      )}

      {weakRefusal && (
        <div className="callout callout-warn" role="alert" data-testid="weak-storage-warning">
          <p>{weakRefusal.message}</p>
          <label className="checkbox">
            <input type="checkbox" checked={acceptWeak} onChange={(e) => setAcceptWeak(e.target.checked)} />
            {t('form.acceptWeak')}
          </label>
          <Button variant="danger" disabled={!acceptWeak} busy={saving} onClick={() => void doSave(true)}>
            {t('form.saveWeak')}
          </Button>
        </div>
      )}

      {result && <ConnectionTestReport result={result} />}

      <div className="form-actions profile-form-actions">
        {testing ? (
          <TestProgress startedAt={testing.startedAt} onCancel={cancelTest} />
        ) : (
          <Button onClick={() => void runTest()} disabled={saving}>
            {t('form.test')}
          </Button>
        )}
        <span className="spacer" />
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
        )}
        <Button type="submit" variant="primary" busy={saving} disabled={testing !== null}>
          {editing ? t('form.saveChanges') : t('form.saveNew')}
        </Button>
      </div>

      {asking && (
        <SaveCheckDialog
          check={asking}
          afterSave={selectOnSave || profile?.selected ? undefined : t('form.notActiveAfterSave')}
          onCancel={() => setAsking(null)}
          onSaveAnyway={() => {
            setAsking(null);
            void doSave(false);
          }}
          onTestNow={() => {
            setAsking(null);
            void runTest(true);
          }}
        />
      )}
    </form>
  );
}

/** host[:port] of an address, as the plain-http warning names it. */
function hostOf(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl.trim()).host;
  } catch {
    return undefined;
  }
}
