import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../electron/shared/contract';
import { DEFAULT_ROOM_ROOT, type RoomConfigView } from '../../../electron/shared/room';
import { Button } from '../../components/button';
import { SecretField } from '../../components/secret-field';
import { TextField } from '../../components/text-field';
import { api } from '../../lib/bridge';
import { plainError } from '../../lib/plain-error';
import {
  draftOfRoomConfig,
  inputOfRoomDraft,
  problemsByPath,
  roomDraftProblems,
  type RoomSettingsDraft,
} from './room-settings-draft';
import './room.css';

/** Where the section's last save stands (the same shape as the Settings dialog's sections). */
export type RoomSaveState =
  { kind: 'saving' } | { kind: 'saved'; at: number } | { kind: 'failed'; error: AppError } | null;

/** What the Settings dialog's row of Save, Revert and status is given (its `SaveActions`). */
interface RoomSaveActionsProps {
  label: string;
  state: RoomSaveState;
  dirty: boolean;
  canSave: boolean;
  onSave(): void;
  onRevert(): void;
  testId?: string;
}

export interface RoomSettingsProps {
  /** The dialog's Save/Revert row (so closing the dialog asks about unsaved edits); plain buttons else. */
  actions?: (props: RoomSaveActionsProps) => ReactNode;
  /** Changes are refused now (a locked kiosk). */
  locked?: boolean;
}

/**
 * Settings › Room (issue #31): whether this PC joins a control room, the broker (URL, username and
 * a password kept in the vault: blank keeps the stored one), this PC's name and its screens (one
 * window each, on a display), the topic root, and hosting the broker on this PC. Errors show at the
 * field they name; nothing typed is lost when a save fails.
 */
export function RoomSettings({ actions, locked = false }: RoomSettingsProps) {
  const { t } = useTranslation('room');
  const [config, setConfig] = useState<RoomConfigView | null>(null);
  const [readError, setReadError] = useState<AppError | null>(null);
  const [draft, setDraft] = useState<RoomSettingsDraft | null>(null);
  const [state, setState] = useState<RoomSaveState>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);

  useEffect(() => {
    let live = true;
    void api.room.config().then((result) => {
      if (!live) return;
      if (!result.ok) return setReadError(result.error);
      setConfig(result.value);
      setDraft(draftOfRoomConfig(result.value));
    });
    return () => {
      live = false;
    };
  }, []);

  if (readError)
    return (
      <p className="text-danger">{t('settings.readError', { message: plainError(readError).message })}</p>
    );
  if (!config || !draft) return <p className="text-muted small">{t('settings.loading')}</p>;

  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOfRoomConfig(config));
  // Worded from their codes as rendered (problemsByPath), the schema's and the core's alike.
  const local = problemsByPath(roomDraftProblems(draft));
  const errors = { ...(tried ? local : {}), ...serverErrors };
  const change = (patch: Partial<RoomSettingsDraft>) => {
    setDraft({ ...draft, ...patch });
    // A field typed in again is no longer the one the core refused.
    const keys = Object.keys(patch);
    setServerErrors((e) =>
      Object.fromEntries(
        Object.entries(e).filter(([path]) => !keys.some((k) => path.startsWith(fieldOf(k)))),
      ),
    );
  };
  const save = async () => {
    setTried(true);
    if (Object.keys(local).length > 0) return;
    setState({ kind: 'saving' });
    const result = await api.room.configure(inputOfRoomDraft(draft));
    if (!result.ok) {
      setServerErrors(problemsByPath(result.error.details ?? []));
      setState({ kind: 'failed', error: result.error });
      return;
    }
    setServerErrors({});
    setTried(false);
    setConfig(result.value);
    setDraft(draftOfRoomConfig(result.value));
    setState({ kind: 'saved', at: savedAt() });
  };
  const revert = () => {
    setDraft(draftOfRoomConfig(config));
    setServerErrors({});
    setTried(false);
    setState(null);
  };
  const actionProps: RoomSaveActionsProps = {
    label: t('settings.save'),
    state,
    dirty,
    canSave: !locked && dirty && state?.kind !== 'saving',
    onSave: () => void save(),
    onRevert: revert,
    testId: 'save-room',
  };
  const setScreen = (i: number, patch: Partial<{ name: string; display: string }>) =>
    change({ screens: draft.screens.map((s, j) => (j === i ? { ...s, ...patch } : s)) });

  return (
    <fieldset className="settings-form room-settings" disabled={locked} data-testid="room-settings">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.enabled}
          onChange={(e) => change({ enabled: e.target.checked })}
          data-testid="room-enabled"
        />
        {t('settings.enabled')}
      </label>
      <TextField
        label={t('settings.brokerUrl')}
        value={draft.brokerUrl}
        onChange={(brokerUrl) => change({ brokerUrl })}
        error={errors.brokerUrl}
        placeholder={t('settings.brokerUrlPlaceholder')}
        hint={t('settings.brokerUrlHint')}
        data-testid="room-broker-url"
      />
      <div className="room-settings-pair">
        <TextField
          label={t('settings.username')}
          value={draft.username}
          onChange={(username) => change({ username })}
          error={errors.username}
          data-testid="room-username"
        />
        <SecretField
          label={t('settings.password')}
          value={draft.password}
          onChange={(password) => change({ password, clearPassword: false })}
          error={errors.password}
          name="room-password"
          placeholder={config.hasPassword ? t('settings.passwordStored') : t('settings.passwordNone')}
          hint={config.hasPassword ? t('settings.passwordHint') : undefined}
        />
      </div>
      {config.hasPassword && (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.clearPassword}
            disabled={draft.password !== ''}
            onChange={(e) => change({ clearPassword: e.target.checked })}
            data-testid="room-clear-password"
          />
          {t('settings.clearPassword')}
        </label>
      )}
      <div className="room-settings-pair">
        <TextField
          label={t('settings.pcName')}
          value={draft.pcName}
          onChange={(pcName) => change({ pcName })}
          error={errors.pcName}
          data-testid="room-pc-name"
        />
        <TextField
          label={t('settings.root')}
          value={draft.root}
          onChange={(root) => change({ root })}
          error={errors.root}
          placeholder={DEFAULT_ROOM_ROOT}
          data-testid="room-root"
        />
      </div>

      <div className="room-settings-screens" role="group" aria-labelledby="room-screens-label">
        <span id="room-screens-label" className="field-label">
          {t('settings.screens')}
        </span>
        <p className="field-hint">{t('settings.screensHint')}</p>
        {draft.screens.map((s, i) => (
          <div className="room-settings-screen" key={i} data-testid="room-screen-row">
            <TextField
              label={t('settings.screenName', { number: i + 1 })}
              value={s.name}
              onChange={(name) => setScreen(i, { name })}
              error={errors[`screens[${i}].name`] ?? errors[`screens[${i}]`]}
              data-testid="room-screen-name"
            />
            <TextField
              label={t('settings.display')}
              inputMode="numeric"
              value={s.display}
              onChange={(display) => setScreen(i, { display })}
              error={errors[`screens[${i}].display`]}
              data-testid="room-screen-display"
            />
            <Button
              size="small"
              variant="ghost"
              aria-label={t('settings.removeLabel', { name: s.name || String(i + 1) })}
              onClick={() => change({ screens: draft.screens.filter((_, j) => j !== i) })}
            >
              {t('settings.remove')}
            </Button>
          </div>
        ))}
        {errors.screens && <p className="field-error">{errors.screens}</p>}
        <Button
          size="small"
          onClick={() =>
            change({ screens: [...draft.screens, { name: '', display: String(draft.screens.length + 1) }] })
          }
          data-testid="room-add-screen"
        >
          {t('settings.addScreen')}
        </Button>
      </div>

      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.hosted}
          onChange={(e) => change({ hosted: e.target.checked })}
          data-testid="room-hosted"
        />
        {t('settings.hosted')}
      </label>
      {draft.hosted && (
        <div className="room-settings-pair">
          <TextField
            label={t('settings.listenOn')}
            value={draft.hostedHost}
            onChange={(hostedHost) => change({ hostedHost })}
            error={errors['hostedBroker.host']}
            hint={t('settings.listenHint')}
            data-testid="room-hosted-host"
          />
          <TextField
            label={t('settings.port')}
            inputMode="numeric"
            value={draft.hostedPort}
            onChange={(hostedPort) => change({ hostedPort })}
            error={errors['hostedBroker.port']}
            data-testid="room-hosted-port"
          />
        </div>
      )}
      {errors[''] && <p className="field-error">{errors['']}</p>}

      {actions ? (
        actions(actionProps)
      ) : (
        <div className="settings-actions">
          <Button
            variant="primary"
            size="small"
            disabled={!actionProps.canSave}
            busy={state?.kind === 'saving'}
            onClick={actionProps.onSave}
            data-testid="save-room"
          >
            {t('settings.save')}
          </Button>
          <Button size="small" variant="ghost" disabled={!dirty} onClick={revert}>
            {t('settings.revert')}
          </Button>
          <span className="settings-status small" role="status" data-testid="room-save-status">
            {state?.kind === 'failed' && (
              <span className="text-danger">
                {t('settings.notSaved', { message: plainError(state.error).message })}
              </span>
            )}
            {state?.kind === 'saved' && !dirty && <span className="text-ok">{t('settings.saved')}</span>}
          </span>
        </div>
      )}
    </fieldset>
  );
}

/** When a save landed (read when it lands, never while rendering). */
const savedAt = (): number => Date.now();

/** The path prefix of a draft field (what a server error about it is named). */
function fieldOf(key: string): string {
  if (key === 'hosted' || key === 'hostedHost' || key === 'hostedPort') return 'hostedBroker';
  if (key === 'clearPassword') return 'password';
  return key;
}
