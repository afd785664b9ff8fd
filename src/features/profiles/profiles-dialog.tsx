import { useState, type HTMLAttributes, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { ProfileView } from '../../../electron/shared/profile';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { plainError } from '../../lib/plain-error';
import { useNoticesStore } from '../../session/notices-store';
import { useCoreMirror } from '../../session/core-mirror';
import { selectActiveProfile, useProfileSession } from '../../session/profiles-store';
import { ProfileForm } from './profile-form';
import { StorageTierBadge } from './storage-tier-badge';
import { profileName } from '../../lib/profile-name';

/** React types onCancel for <dialog> only, but carries a nested dialog's cancel through any element. */
const containCancel = {
  onCancel: (e: SyntheticEvent) => e.stopPropagation(),
} as HTMLAttributes<HTMLDivElement>;

type View = { kind: 'list' } | { kind: 'edit'; id: string } | { kind: 'new' };

export interface ProfilesDialogProps {
  onClose(): void;
  /** After any save: the shell refreshes what depends on the profile. */
  onSaved?: (profile: ProfileView) => void;
}

/**
 * Manage connection profiles: list, switch, add, edit, delete (after a confirmation).
 *
 * A new profile never takes over silently: it becomes active only when none is, and otherwise the
 * list says which one is still active and offers "Switch now". It opens on a profile's form when
 * someone asked to edit that profile (the session's `editRequest`).
 */
export function ProfilesDialog({ onClose, onSaved }: ProfilesDialogProps) {
  const { profiles, appInfo } = useCoreMirror(
    useShallow((m) => ({ profiles: m.profiles, appInfo: m.appInfo })),
  );
  const active = selectActiveProfile({ profiles });
  const { t } = useTranslation(['profiles', 'common']);
  const { select, remove } = useProfileSession(useShallow((s) => ({ select: s.select, remove: s.remove })));
  const { notify, dismiss } = useNoticesStore(useShallow((s) => ({ notify: s.notify, dismiss: s.dismiss })));
  const [view, setView] = useState<View>(() => {
    const { editRequest, requestEdit } = useProfileSession.getState();
    const all = useCoreMirror.getState().profiles;
    if (editRequest === null) return { kind: 'list' };
    requestEdit(null);
    return all.some((p) => p.id === editRequest) ? { kind: 'edit', id: editRequest } : { kind: 'list' };
  });
  const [confirmId, setConfirmId] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  /** A profile just added while another stayed active: offered for a switch. */
  const [added, setAdded] = useState<string | null>(null);
  const addedProfile = profiles.find((p) => p.id === added && !p.selected);

  const editing = view.kind === 'edit' ? profiles.find((p) => p.id === view.id) : undefined;
  const toDelete = profiles.find((p) => p.id === confirmId);

  const onRemove = async () => {
    if (!toDelete) return;
    setRemoving(true);
    const result = await remove(toDelete.id);
    setRemoving(false);
    setConfirmId(null);
    notify(
      result.ok
        ? { level: 'info', message: t('dialog.deleted', { name: profileName(toDelete) }) }
        : {
            level: 'error',
            message: t('dialog.deleteFailed', {
              name: profileName(toDelete),
              reason: plainError(result.error).message,
            }),
          },
    );
  };

  const onUse = async (id: string) => {
    const result = await select(id);
    if (!result.ok)
      notify({
        level: 'error',
        message: t('dialog.switchFailed', { reason: plainError(result.error).message }),
      });
    else {
      // "…the active profile is still X" is no longer true.
      dismiss(savedNoticeId(id));
      if (id === added) setAdded(null);
    }
  };

  const title =
    view.kind === 'new'
      ? t('dialog.titleNew')
      : view.kind === 'edit'
        ? t('dialog.titleEdit', { name: editing ? profileName(editing) : '' })
        : t('dialog.titleList');

  return (
    <Dialog title={title} onClose={onClose} size="large" testId="profiles-dialog">
      {view.kind === 'list' && (
        <>
          {appInfo && (
            <p className="text-muted small">
              {t('dialog.storedHere')} <StorageTierBadge tier={appInfo.storageTier} />
            </p>
          )}
          {addedProfile && (
            <div className="callout callout-info profile-added" role="status" data-testid="profile-added">
              <p>
                {active
                  ? t('dialog.addedStillUses', {
                      name: profileName(addedProfile),
                      active: profileName(active),
                    })
                  : t('dialog.added', { name: profileName(addedProfile) })}
              </p>
              <Button size="small" variant="primary" onClick={() => void onUse(addedProfile.id)}>
                {t('dialog.switchNow')}
              </Button>
            </div>
          )}
          {profiles.length === 0 ? (
            <EmptyState
              title={t('dialog.empty')}
              action={<Button onClick={() => setView({ kind: 'new' })}>{t('dialog.addAProfile')}</Button>}
            />
          ) : (
            <ul className="profile-list" aria-label={t('dialog.listLabel')}>
              {profiles.map((p) => (
                <li key={p.id} className="profile-item" data-testid="profile-item" data-profile-id={p.id}>
                  <div className="profile-item-main">
                    <span className="profile-item-name">{profileName(p)}</span>
                    {p.selected && <Badge tone="ok">{t('dialog.active')}</Badge>}
                    <Badge tone="info">{t(`common:credentialType.${p.credentialType}`)}</Badge>
                    <StorageTierBadge tier={p.storageTier} />
                    <div className="profile-item-url text-muted small">{p.baseUrl}</div>
                  </div>
                  <div className="profile-item-actions">
                    {!p.selected && (
                      <Button
                        size="small"
                        onClick={() => void onUse(p.id)}
                        aria-label={t('dialog.useLabel', { name: profileName(p) })}
                      >
                        {t('dialog.use')}
                      </Button>
                    )}
                    <Button
                      size="small"
                      onClick={() => setView({ kind: 'edit', id: p.id })}
                      aria-label={t('dialog.editLabel', { name: profileName(p) })}
                    >
                      {t('dialog.edit')}
                    </Button>
                    <Button
                      size="small"
                      variant="danger"
                      onClick={() => setConfirmId(p.id)}
                      aria-label={t('dialog.deleteLabel', { name: profileName(p) })}
                    >
                      {t('dialog.delete')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="form-actions">
            <Button variant="primary" onClick={() => setView({ kind: 'new' })} data-testid="add-profile">
              {t('dialog.add')}
            </Button>
          </div>
        </>
      )}
      {view.kind === 'new' && (
        <ProfileForm
          selectOnSave={!active}
          onSaved={(p) => {
            onSaved?.(p);
            notify({
              id: savedNoticeId(p.id),
              level: 'info',
              message: p.selected
                ? t('dialog.savedActive', { name: profileName(p) })
                : t('dialog.savedNotActive', {
                    name: profileName(p),
                    active: active ? profileName(active) : '',
                  }),
            });
            if (!p.selected) setAdded(p.id);
            setView({ kind: 'list' });
          }}
          onCancel={() => setView({ kind: 'list' })}
        />
      )}
      {view.kind === 'edit' && editing && (
        <ProfileForm
          key={editing.id}
          profile={editing}
          onSaved={(p) => {
            onSaved?.(p);
            notify({ level: 'info', message: t('dialog.saved', { name: profileName(p) }) });
            setView({ kind: 'list' });
          }}
          onCancel={() => setView({ kind: 'list' })}
        />
      )}
      {toDelete && (
        // Its Escape closes this question only, not the profiles dialog around it.
        <div className="contents" {...containCancel}>
          <ConfirmDialog
            title={t('dialog.deleteTitle')}
            message={
              <>
                <p>
                  {t(toDelete.selected ? 'dialog.deleteBodyActive' : 'dialog.deleteBody', {
                    name: profileName(toDelete),
                  })}
                </p>
                <p className="text-muted small">{t('dialog.platformUnchanged')}</p>
              </>
            }
            confirmLabel={t('dialog.deleteConfirm')}
            danger
            busy={removing}
            onConfirm={() => void onRemove()}
            onCancel={() => setConfirmId(null)}
          />
        </div>
      )}
    </Dialog>
  );
}

const savedNoticeId = (profileId: string) => `profile-saved-${profileId}`;
