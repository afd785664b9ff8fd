import { useMemo, useState, type HTMLAttributes, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('settings');
  const { draft, setDraft, state, run, revert } = useSectionDraft(settings.kiosk, kioskDraftOf);
  const saved = useCoreMirror((s) => s.layouts);
  const layouts = useMemo(() => (saved ?? []).map((l) => ({ id: l.id, name: l.name })), [saved]);
  const browserShell = useCoreMirror((s) => s.appInfo?.shell === 'web');
  const [confirming, setConfirming] = useState(false);

  const dirty = JSON.stringify(draft) !== JSON.stringify(settings.kiosk);
  const needsLayout = draft.enabled && !draft.startLayout;
  const unlockNote = pinSet ? t('kiosk.unlockWithPin') : t('kiosk.unlockNoPin');

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
        {t('kiosk.enabled')}
      </label>
      <div className="settings-row">
        <label className="field-label" htmlFor="kiosk-start-layout">
          {t('kiosk.startView')}
        </label>
        <select
          id="kiosk-start-layout"
          className="input select"
          value={draft.startLayout ?? ''}
          disabled={locked}
          onChange={(e) => setDraft((d) => ({ ...d, startLayout: e.target.value || null }))}
          data-testid="kiosk-start-layout"
        >
          <option value="">{layouts.length ? t('kiosk.chooseView') : t('kiosk.noView')}</option>
          {layouts.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
          {draft.startLayout && !layouts.some((l) => l.id === draft.startLayout) && (
            <option value={draft.startLayout}>{t('kiosk.notFound', { id: draft.startLayout })}</option>
          )}
        </select>
        {needsLayout && <p className="field-hint text-warn">{t('kiosk.needsView')}</p>}
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
        {t('kiosk.startAtLogin')}
      </label>
      <p
        className="field-hint kiosk-note"
        id="kiosk-start-at-login-hint"
        data-testid="kiosk-start-at-login-hint"
      >
        {browserShell ? t('kiosk.startAtLoginWeb') : t('kiosk.startAtLoginDesktop')}
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.locked}
          disabled={locked}
          onChange={(e) => setDraft((d) => ({ ...d, locked: e.target.checked }))}
          data-testid="kiosk-locked"
        />
        {t('kiosk.locked')}
      </label>
      <p className="field-hint kiosk-note">{unlockNote}</p>

      <SaveActions
        label={t('kiosk.save')}
        name={t('kiosk.name')}
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
            title={t('kiosk.lockTitle')}
            message={
              <>
                <p>{t('kiosk.lockBody')}</p>
                <p>
                  <strong>{unlockNote}</strong>
                </p>
              </>
            }
            confirmLabel={t('kiosk.lockConfirm')}
            danger
            onConfirm={() => void doSave()}
            onCancel={() => setConfirming(false)}
          />
        </div>
      )}
    </div>
  );
}
