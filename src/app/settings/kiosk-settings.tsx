import { useMemo, useState, type HTMLAttributes, type SyntheticEvent } from 'react';
import type { AppError } from '../../../electron/shared/contract';
import type { KioskSettings as Kiosk, Settings, SettingsPatch } from '../../../electron/shared/settings';
import { SaveActions, useSectionDraft } from './save-status';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useCoreMirror } from '../../session/core-mirror';
import './kiosk-settings.css';

/** React types onCancel for <dialog> only, but carries a nested dialog's cancel through any element. */
const containCancel = {
  onCancel: (e: SyntheticEvent) => e.stopPropagation(),
} as HTMLAttributes<HTMLDivElement>;

/** The kiosk section edits the kiosk settings as they are. */
const kioskDraftOf = (kiosk: Kiosk): Kiosk => kiosk;

export interface KioskSettingsProps {
  settings: Settings;
  save(patch: SettingsPatch): Promise<{ ok: true } | { ok: false; error: AppError }>;
  /** Changes are refused now (locked, no administrator's unlock running). */
  locked: boolean;
  /** An admin PIN is set (by a provisioning file): a locked wall can be unlocked with it. */
  pinSet: boolean;
}

/**
 * Kiosk mode: whether the wall opens on a start layout, which one, whether the app starts at login,
 * and whether it is locked. Locking is asked once more, with what it means: only the admin PIN or a
 * provisioning file opens it again. Starting at login is the desktop app's (a login item, or a Linux
 * autostart entry): the browser shell shows it, disabled, with why.
 */
export function KioskSettings({ settings, save, locked, pinSet }: KioskSettingsProps) {
  const { draft, setDraft, state, run, revert } = useSectionDraft(settings.kiosk, kioskDraftOf);
  const saved = useCoreMirror((s) => s.layouts);
  const layouts = useMemo(() => (saved ?? []).map((l) => ({ id: l.id, name: l.name })), [saved]);
  const browserShell = useCoreMirror((s) => s.appInfo?.shell === 'web');
  const [confirming, setConfirming] = useState(false);

  const dirty = JSON.stringify(draft) !== JSON.stringify(settings.kiosk);
  const needsLayout = draft.enabled && !draft.startLayout;
  const unlockNote = pinSet
    ? 'Once locked, only the admin PIN or a provisioning file can unlock this wall.'
    : 'No admin PIN is set on this wall: once locked, only a provisioning file can unlock it.';

  const doSave = async () => {
    setConfirming(false);
    await run(() => save({ kiosk: draft }));
  };

  return (
    <div className="settings-form" data-testid="kiosk-settings">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.enabled}
          disabled={locked}
          onChange={(e) => setDraft((d) => ({ ...d, enabled: e.target.checked }))}
          data-testid="kiosk-enabled"
        />
        Kiosk mode: the wall opens on its start view whenever the app starts
      </label>
      <div className="settings-row">
        <label className="field-label" htmlFor="kiosk-start-layout">
          Start view
        </label>
        <select
          id="kiosk-start-layout"
          className="input select"
          value={draft.startLayout ?? ''}
          disabled={locked}
          onChange={(e) => setDraft((d) => ({ ...d, startLayout: e.target.value || null }))}
          data-testid="kiosk-start-layout"
        >
          <option value="">{layouts.length ? 'Choose a saved view…' : 'No saved view yet'}</option>
          {layouts.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
          {draft.startLayout && !layouts.some((l) => l.id === draft.startLayout) && (
            <option value={draft.startLayout}>{draft.startLayout} (not found)</option>
          )}
        </select>
        {needsLayout && <p className="field-hint text-warn">Choose the view the wall opens on.</p>}
      </div>
      <label className={`checkbox${browserShell ? ' kiosk-settings-off' : ''}`}>
        <input
          type="checkbox"
          checked={draft.startAtLogin}
          disabled={locked || browserShell}
          aria-describedby="kiosk-start-at-login-hint"
          onChange={(e) => setDraft((d) => ({ ...d, startAtLogin: e.target.checked }))}
          data-testid="kiosk-start-at-login"
        />
        Start the app when this computer&rsquo;s user logs in
      </label>
      <p
        className="field-hint kiosk-note"
        id="kiosk-start-at-login-hint"
        data-testid="kiosk-start-at-login-hint"
      >
        {browserShell ? (
          <>
            Only the desktop app can start itself at login. The browser shell is started by whoever set up
            this computer: ask them to start it with the session.
          </>
        ) : (
          'A login item on Windows and macOS, an autostart entry on Linux; with the data folder this app runs with.'
        )}
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.locked}
          disabled={locked}
          onChange={(e) => setDraft((d) => ({ ...d, locked: e.target.checked }))}
          data-testid="kiosk-locked"
        />
        Locked: nobody can change profiles, views or settings from this screen
      </label>
      <p className="field-hint kiosk-note">{unlockNote}</p>

      <SaveActions
        label="Save kiosk settings"
        state={state}
        dirty={dirty}
        canSave={!locked && dirty && !needsLayout}
        onSave={() => (draft.locked && !settings.kiosk.locked ? setConfirming(true) : void doSave())}
        onRevert={revert}
        testId="save-kiosk"
      />

      {confirming && (
        // Its Escape closes this question only, not the Settings dialog around it.
        <div className="contents" {...containCancel}>
          <ConfirmDialog
            title="Lock this wall?"
            message={
              <>
                <p>Nobody will be able to change profiles, views or settings from this screen.</p>
                <p>
                  <strong>{unlockNote}</strong>
                </p>
              </>
            }
            confirmLabel="Lock the wall"
            danger
            onConfirm={() => void doSave()}
            onCancel={() => setConfirming(false)}
          />
        </div>
      )}
    </div>
  );
}
