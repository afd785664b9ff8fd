import { useEffect, type CSSProperties, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../components/button';
import { NoticeBar } from '../components/notice-bar';
import { PlatformBanner } from '../components/platform-banner';
import { ServiceBanner } from '../components/service-banner';
import { CatalogPanel } from '../features/catalog/catalog-panel';
import { TemplatePanel } from '../features/templates/template-panel';
import { useCatalogStore } from '../features/catalog/catalog-store';
import { ProfilesDialog } from '../features/profiles/profiles-dialog';
import { putDeviceOnWall } from '../features/wall/put-device-on-wall';
import { putManyOnWall } from '../features/wall/put-many-on-wall';
import { PutManyOnWallContext } from '../session/put-many-on-wall';
import { Wall } from '../features/wall/wall';
import { useNoticesStore } from '../session/notices-store';
import { PutOnWallContext } from '../session/put-on-wall-context';
import { selectCatalogFolded, useAppStore } from './app-store';
import { CatalogResizer } from './catalog-resizer';
import { KioskAdminButton } from './kiosk-admin';
import { KioskUnsavedMark } from './kiosk-unsaved-mark';
import { useWallStore } from '../features/wall/wall-store';
import { OpenInWindowDialog } from '../features/wall/open-in-window';
import { SettingsDialog } from './settings-dialog';
import { PANEL_ID, TopBar } from './top-bar';
import { useKioskPresentation } from './use-kiosk-presentation';
import { RoomWallSlots } from '../features/room/room-wall-slots';

/**
 * "Skip to the wall": straight onto the wall's one focusable cell (its tiles take the focus in turn,
 * moved with the arrows), not onto the wall's box with its toolbar still to Tab through.
 */
function skipToWall(e: MouseEvent<HTMLAnchorElement>) {
  const wall = document.getElementById('wall');
  const cell =
    wall?.querySelector<HTMLElement>('[data-cell][tabindex="0"]') ??
    wall?.querySelector<HTMLElement>('[data-cell]');
  if (!cell) return;
  e.preventDefault();
  cell.focus();
}

/** Frames (about a second) a Settings section opened for is kept in view while the dialog fills in. */
const SECTION_SETTLE_FRAMES = 60;

/**
 * The working screen: top bar; catalog | wall | side panel in one CSS grid that is exactly the
 * window (nothing but its own panels scrolls).
 *
 * The wall sits in the same grid area and the same place in the tree whatever else opens, so
 * opening the side panel or collapsing the catalog only resizes it: its DOM node, and the players
 * in it, stay. Notices have their own grid area, under the catalog (or, with the catalog folded,
 * under the wall, which then gives up the height): they never lie over a tile. So do the banners
 * (the platform or the wall service not answering): a row over everything, kiosk included, that the
 * wall gives up the height for.
 *
 * It waits for the remembered shell state (a few milliseconds), so a catalog the operator folded
 * does not flash open over the wall after a reload.
 *
 * It wires the features together: the catalog gets the wall's "put on wall" through
 * PutOnWallContext (it follows the active profile from the core's mirror by itself).
 *
 * In kiosk mode it is the wall alone (`data-kiosk="on"`): no top bar, catalog, templates, profile
 * switching, dialogs or wall toolbar, only a faint "Admin" button for an administrator (with the
 * admin PIN when locked), and a mark beside it while the wall shows an unsaved edit. The wall keeps its place in the tree, so going in and out of it does not
 * restart a player.
 */
export function AppShell() {
  const reloadCatalog = useCatalogStore((s) => s.reload);
  const ui = useAppStore(
    useShallow((s) => ({
      hydrated: s.hydrated,
      hydrate: s.hydrate,
      panelOpen: s.panelOpen,
      placement: s.panelPlacement,
      closePanel: s.closePanel,
      folded: selectCatalogFolded(s),
      toggleCatalog: s.toggleCatalog,
      width: s.catalogWidth,
      setWidth: s.setCatalogWidth,
      dialog: s.dialog,
      dialogSection: s.dialogSection,
      openDialog: s.openDialog,
      closeDialog: s.closeDialog,
    })),
  );
  const { t } = useTranslation('app');
  const kiosk = useKioskPresentation();
  const unsaved = useWallStore((s) => s.changes !== 'none');
  const { notices, dismiss } = useNoticesStore(
    useShallow((s) => ({ notices: s.notices, dismiss: s.dismiss })),
  );

  const hydrate = ui.hydrate;
  useEffect(() => {
    void hydrate();
  }, [hydrate]);

  // Settings opened for one of its sections ("Add a legend"): show that section, keyboard in it. The
  // sections above it fill in as the settings arrive and push it down, so it is kept in view for a
  // moment, until the operator scrolls, clicks or types.
  useEffect(() => {
    if (ui.dialog !== 'settings' || !ui.dialogSection) return;
    const id = `settings-${ui.dialogSection}`;
    let frame = 0;
    let frames = 0;
    let focused = false;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of ['wheel', 'pointerdown', 'keydown'] as const)
        window.removeEventListener(type, stop, true);
    };
    const keepInView = () => {
      const section = document.getElementById(id);
      if (section) {
        section.scrollIntoView({ block: 'start' });
        if (!focused) {
          section.querySelector<HTMLElement>('h3')?.focus({ preventScroll: true });
          focused = true;
        }
      }
      if (++frames < SECTION_SETTLE_FRAMES) frame = requestAnimationFrame(keepInView);
      else stop();
    };
    for (const type of ['wheel', 'pointerdown', 'keydown'] as const)
      window.addEventListener(type, stop, true);
    frame = requestAnimationFrame(keepInView);
    return stop;
  }, [ui.dialog, ui.dialogSection]);

  if (!ui.hydrated || !kiosk.ready)
    return <div className="app-shell" data-testid="app-shell" data-state="loading" />;
  const full = !kiosk.on;

  return (
    <div
      className="app-shell"
      data-testid="app-shell"
      data-state="ready"
      data-panel={ui.panelOpen ? 'open' : 'closed'}
      data-panel-placement={ui.placement}
      data-catalog={ui.folded ? 'collapsed' : 'open'}
      data-kiosk={kiosk.on ? 'on' : undefined}
      data-unsaved={kiosk.on && unsaved ? 'on' : undefined}
      style={{ '--catalog-width': `${ui.width}px` } as CSSProperties}
    >
      <div className="app-banners" data-testid="banner-dock">
        <ServiceBanner />
        <PlatformBanner />
      </div>
      {full && (
        <a className="skip-link" href="#wall" onClick={skipToWall}>
          {t('shell.skipToWall')}
        </a>
      )}
      {full && <TopBar onKioskView={kiosk.kiosk ? kiosk.backToKiosk : undefined} />}
      {full && (
        <aside className="app-catalog" aria-label={t('shell.catalog')} data-testid="catalog-column">
          <div className="app-catalog-bar">
            <Button
              size="small"
              variant="ghost"
              onClick={ui.toggleCatalog}
              aria-expanded={!ui.folded}
              aria-controls="catalog-content"
              aria-label={ui.folded ? t('shell.showCatalog') : t('shell.hideCatalog')}
              title={ui.folded ? t('shell.showCatalog') : t('shell.hideCatalog')}
              data-testid="toggle-catalog"
            >
              {ui.folded ? '»' : '«'}
            </Button>
            {!ui.folded && <span className="app-catalog-title">{t('shell.catalog')}</span>}
          </div>
          <div id="catalog-content" className="app-catalog-content" hidden={ui.folded}>
            <PutOnWallContext value={putDeviceOnWall}>
              <PutManyOnWallContext value={putManyOnWall}>
                <CatalogPanel
                  onEditLegend={() => ui.openDialog('settings', 'legend')}
                  onEditProfile={() => ui.openDialog('profiles')}
                />
              </PutManyOnWallContext>
            </PutOnWallContext>
          </div>
        </aside>
      )}
      {full &&
        (!ui.folded ? (
          <CatalogResizer width={ui.width} onResize={ui.setWidth} />
        ) : (
          <span className="catalog-resizer-off" />
        ))}
      <main id="wall" className="app-wall" aria-label={t('shell.wall')} tabIndex={-1}>
        <RoomWallSlots>
          <Wall {...(full ? { onEditProfile: () => ui.openDialog('profiles') } : {})} />
        </RoomWallSlots>
        {kiosk.on && <KioskAdminButton kiosk={kiosk} />}
        {kiosk.on && <KioskUnsavedMark />}
      </main>
      {full && ui.panelOpen && (
        <aside id={PANEL_ID} className="app-panel" aria-label={t('shell.sidePanel')} data-testid="side-panel">
          <TemplatePanel onClose={ui.closePanel} onManageProfiles={() => ui.openDialog('profiles')} />
        </aside>
      )}
      <div className="app-notices" data-testid="notice-dock">
        <NoticeBar notices={notices} onDismiss={dismiss} />
      </div>
      {full && ui.dialog === 'settings' && <SettingsDialog onClose={ui.closeDialog} />}
      {full && <OpenInWindowDialog />}
      {full && ui.dialog === 'profiles' && (
        <ProfilesDialog
          onClose={ui.closeDialog}
          onSaved={(p) => {
            // A saved active profile may have new secrets: show its catalog afresh.
            if (p.selected) reloadCatalog();
          }}
        />
      )}
    </div>
  );
}
