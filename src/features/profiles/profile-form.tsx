import { useId, useMemo, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  CREDENTIAL_FIELDS,
  CREDENTIAL_TYPE_LABELS,
  CredentialTypeSchema,
  OPERATION_LABELS,
  operationsOf,
  type CredentialType,
  type FieldProblem,
  type Placement,
} from '../../../electron/shared/domain';
import type { AppError } from '../../../electron/shared/contract';
import type { ProfileTestResult, ProfileView } from '../../../electron/shared/profile';
import { Button } from '../../components/button';
import { ErrorPanel } from '../../components/error-panel';
import { SecretField } from '../../components/secret-field';
import { TextField } from '../../components/text-field';
import { useProfilesStore } from '../../session/profiles-store';
import { ConnectionTestReport } from './connection-test-report';
import {
  checkDraft,
  draftFromProfile,
  emptyDraft,
  fieldErrors,
  formPaths,
  isWeakStorageRefusal,
  secretIsStored,
  toSaveInput,
  type ProfileDraft,
} from './profile-draft';

export interface ProfileFormProps {
  /** The saved profile to edit; absent: a new profile. */
  profile?: ProfileView;
  /** Select the profile once saved (first run, "add profile"). */
  selectOnSave?: boolean;
  onSaved(profile: ProfileView): void;
  onCancel?: () => void;
}

export const STORED_SECRET_PLACEHOLDER = '•••••• stored — leave blank to keep';

const TYPE_HINTS: Record<CredentialType, string> = {
  user: 'userKey, authKey and authSecret of a platform user',
  product: 'productKey, queryKey and querySecret of one product',
  device: 'deviceKey and queryToken of one device',
  project: 'projectKey, projectAuthKey and projectAuthSecret of a project',
};

/**
 * Create or edit a connection profile: name, base URL, credential type with exactly its fields,
 * placement, a connection test, and save.
 *
 * Nothing typed is lost on an error: the draft stays as it is and each problem shows at its field
 * (paths like `keys.userKey`), the rest at the top in the core's or server's words.
 */
export function ProfileForm({ profile, selectOnSave = false, onSaved, onCancel }: ProfileFormProps) {
  const { appInfo, save, test } = useProfilesStore(
    useShallow((s) => ({ appInfo: s.appInfo, save: s.save, test: s.test })),
  );
  const [draft, setDraft] = useState<ProfileDraft>(() =>
    profile ? draftFromProfile(profile) : emptyDraft(),
  );
  const [attempted, setAttempted] = useState(false);
  const [serverProblems, setServerProblems] = useState<FieldProblem[]>([]);
  const [topError, setTopError] = useState<AppError | null>(null);
  const [weakRefusal, setWeakRefusal] = useState<AppError | null>(null);
  const [acceptWeak, setAcceptWeak] = useState(false);
  const [testResult, setTestResult] = useState<ProfileTestResult | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const typeGroupId = useId();
  const placementGroupId = useId();

  const localProblems = useMemo(
    () => (attempted ? checkDraft(draft, profile) : []),
    [attempted, draft, profile],
  );
  const errors = fieldErrors([...localProblems, ...serverProblems]);
  const fields = CREDENTIAL_FIELDS[draft.credentialType];
  const editing = !!profile;

  const change = (path: string, update: (d: ProfileDraft) => ProfileDraft) => {
    setDraft(update);
    setServerProblems((ps) => ps.filter((p) => p.path !== path));
    setTestResult(null);
  };

  /** Place an error's details at their fields; what has no field goes to the top. */
  const showError = (error: AppError) => {
    const known = new Set(formPaths(draft.credentialType));
    const atFields = (error.details ?? []).filter((d) => known.has(d.path));
    setServerProblems(atFields);
    const rest = (error.details ?? []).filter((d) => !known.has(d.path));
    setTopError(
      atFields.length > 0 && rest.length === 0
        ? { ...error, message: 'Check the fields marked below.' }
        : error,
    );
  };

  const validate = (): boolean => {
    setAttempted(true);
    setTopError(null);
    const problems = checkDraft(draft, profile);
    if (problems.length > 0) {
      setTopError({ kind: 'invalid-input', message: 'Check the fields marked below.' });
      return false;
    }
    return true;
  };

  const onTest = async () => {
    if (!validate()) return;
    setBusy('test');
    setTestResult(null);
    const result = await test({ draft: toSaveInput(draft) });
    setBusy(null);
    if (result.ok) setTestResult(result.value);
    else showError(result.error);
  };

  const onSave = async (withWeak = false) => {
    if (!validate()) return;
    setBusy('save');
    const result = await save(toSaveInput(draft, { acceptWeakStorage: withWeak, select: selectOnSave }));
    setBusy(null);
    if (result.ok) {
      setWeakRefusal(null);
      onSaved(result.value);
      return;
    }
    if (isWeakStorageRefusal(result.error, appInfo?.storageTier)) {
      setWeakRefusal(result.error);
      return;
    }
    showError(result.error);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onSave(false);
  };

  return (
    <form
      className="profile-form"
      onSubmit={submit}
      noValidate
      data-testid="profile-form"
      aria-label="Connection profile"
    >
      {topError && (
        <ErrorPanel
          title={topError.kind === 'invalid-input' ? 'Not saved yet' : 'Something went wrong'}
          message={topError.message}
          status={topError.status}
          testId="profile-form-error"
        />
      )}

      <div className="form-grid">
        <TextField
          label="Name"
          value={draft.name}
          placeholder="Site A control room"
          error={errors.name}
          onChange={(v) => change('name', (d) => ({ ...d, name: v }))}
          autoFocus
        />
        <TextField
          label="Base URL"
          value={draft.baseUrl}
          placeholder="https://iot.example.com/api"
          inputMode="url"
          error={errors.baseUrl}
          hint="Every request goes to a path under this address."
          onChange={(v) => change('baseUrl', (d) => ({ ...d, baseUrl: v }))}
        />
      </div>

      <fieldset className="choice-group" aria-describedby={`${typeGroupId}-hint`}>
        <legend className="field-label">Credential type</legend>
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
              {CREDENTIAL_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
        <p className="field-hint" id={`${typeGroupId}-hint`}>
          {TYPE_HINTS[draft.credentialType]}. Can:{' '}
          {operationsOf(draft.credentialType)
            .map((op) => OPERATION_LABELS[op])
            .join(', ')}
          .
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
          return (
            <SecretField
              key={name}
              label={name}
              name={name}
              value={draft.secrets[name] ?? ''}
              placeholder={stored ? STORED_SECRET_PLACEHOLDER : undefined}
              hint={
                stored ? 'A blank field keeps the stored secret.' : 'Stored encrypted; never shown again.'
              }
              error={errors[`secrets.${name}`]}
              onChange={(v) =>
                change(`secrets.${name}`, (d) => ({ ...d, secrets: { ...d.secrets, [name]: v } }))
              }
            />
          );
        })}
      </div>

      <fieldset className="choice-group">
        <legend className="field-label">Send credentials as</legend>
        <div className="segmented">
          {(
            [
              ['query', 'Query parameters'],
              ['headers', 'Headers'],
            ] as [Placement, string][]
          ).map(([value, label]) => (
            <label key={value} className={`segment ${draft.placement === value ? 'segment-on' : ''}`}>
              <input
                type="radio"
                name={`${placementGroupId}-placement`}
                value={value}
                checked={draft.placement === value}
                onChange={() => change('placement', (d) => ({ ...d, placement: value }))}
              />
              {label}
            </label>
          ))}
        </div>
        <p className="field-hint">
          The spec does not say where credentials go; most platforms take query parameters.
        </p>
      </fieldset>

      {appInfo?.storageTier === 'weak' && !weakRefusal && (
        <p className="callout callout-warn" role="note">
          This machine has no OS keychain: secrets can only be stored with weak protection. You will be asked
          to confirm.
        </p>
      )}

      {weakRefusal && (
        <div className="callout callout-warn" role="alert" data-testid="weak-storage-warning">
          <p>{weakRefusal.message}</p>
          <label className="checkbox">
            <input type="checkbox" checked={acceptWeak} onChange={(e) => setAcceptWeak(e.target.checked)} />
            Store this profile&apos;s secrets with weak protection anyway
          </label>
          <Button
            variant="danger"
            disabled={!acceptWeak}
            busy={busy === 'save'}
            onClick={() => void onSave(true)}
          >
            Save with weak storage
          </Button>
        </div>
      )}

      {testResult && <ConnectionTestReport result={testResult} />}

      <div className="form-actions" aria-live="polite">
        <Button onClick={() => void onTest()} busy={busy === 'test'} disabled={busy === 'save'}>
          Test connection
        </Button>
        <span className="spacer" />
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" busy={busy === 'save'} disabled={busy === 'test'}>
          {editing ? 'Save changes' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}
