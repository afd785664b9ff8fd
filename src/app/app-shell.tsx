import { useEffect, type CSSProperties } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../components/button';
import { CatalogPanel } from '../features/catalog/catalog-panel';
import { TemplatePanel } from '../features/templates/template-panel';
import { useCatalogStore } from '../features/catalog/catalog-store';
import { ProfilesDialog } from '../features/profiles/profiles-dialog';
import { putDeviceOnWall } from '../features/wall/put-device-on-wall';
import { Wall } from '../features/wall/wall';
import { selectActiveProfile, useProfilesStore } from '../session/profiles-store';
import { PutOnWallContext } from '../session/put-on-wall-context';
import { useAppStore } from './app-store';
import { CatalogResizer } from './catalog-resizer';
import { SettingsDialog } from './settings-dialog';
import { PANEL_ID, TopBar } from './top-bar';

/**
 * The working screen: top bar; catalog | wall | side panel in one CSS grid.
 *
 * The wall sits in the same grid area and the same place in the tree whatever else opens, so
 * opening the side panel or collapsing the catalog only resizes it: its DOM node, and the players
 * in it, stay.
 *
 * It wires the features together: the catalog gets the wall's "put on wall" through
 * PutOnWallContext, and the active profile through `activate`.
 */
export function AppShell() {
  const active = useProfilesStore(selectActiveProfile);
  const activate = useCatalogStore((s) => s.activate);
  const ui = useAppStore(
    useShallow((s) => ({
      panelOpen: s.panelOpen,
      closePanel: s.closePanel,
      collapsed: s.catalogCollapsed,
      toggleCatalog: s.toggleCatalog,
      width: s.catalogWidth,
      setWidth: s.setCatalogWidth,
      dialog: s.dialog,
      openDialog: s.openDialog,
      closeDialog: s.closeDialog,
    })),
  );

  useEffect(() => {
    activate(
      active && {
        id: active.id,
        credentialType: active.credentialType,
        keys: active.keys,
        baseUrl: active.baseUrl,
        placement: active.placement,
      },
    );
  }, [active, activate]);

  return (
    <div
      className="app-shell"
      data-testid="app-shell"
      data-panel={ui.panelOpen ? 'open' : 'closed'}
      data-catalog={ui.collapsed ? 'collapsed' : 'open'}
      style={{ '--catalog-width': `${ui.width}px` } as CSSProperties}
    >
      <a className="skip-link" href="#wall">
        Skip to the wall
      </a>
      <TopBar />
      <aside className="app-catalog" aria-label="Catalog" data-testid="catalog-column">
        <div className="app-catalog-bar">
          <Button
            size="small"
            variant="ghost"
            onClick={ui.toggleCatalog}
            aria-expanded={!ui.collapsed}
            aria-controls="catalog-content"
            aria-label={ui.collapsed ? 'Show catalog' : 'Hide catalog'}
            title={ui.collapsed ? 'Show catalog' : 'Hide catalog'}
            data-testid="toggle-catalog"
          >
            {ui.collapsed ? '»' : '«'}
          </Button>
          {!ui.collapsed && <span className="app-catalog-title">Catalog</span>}
        </div>
        <div id="catalog-content" className="app-catalog-content" hidden={ui.collapsed}>
          <PutOnWallContext value={putDeviceOnWall}>
            <CatalogPanel />
          </PutOnWallContext>
        </div>
      </aside>
      {!ui.collapsed ? (
        <CatalogResizer width={ui.width} onResize={ui.setWidth} />
      ) : (
        <span className="catalog-resizer-off" />
      )}
      <main id="wall" className="app-wall" aria-label="Wall" tabIndex={-1}>
        <Wall />
      </main>
      {ui.panelOpen && (
        <aside id={PANEL_ID} className="app-panel" aria-label="Side panel" data-testid="side-panel">
          <TemplatePanel onClose={ui.closePanel} onManageProfiles={() => ui.openDialog('profiles')} />
        </aside>
      )}
      {ui.dialog === 'settings' && <SettingsDialog onClose={ui.closeDialog} />}
      {ui.dialog === 'profiles' && (
        <ProfilesDialog
          onClose={ui.closeDialog}
          onSaved={(p) => {
            // A saved active profile may have new secrets: show its catalog afresh.
            if (p.selected)
              activate(
                {
                  id: p.id,
                  credentialType: p.credentialType,
                  keys: p.keys,
                  baseUrl: p.baseUrl,
                  placement: p.placement,
                },
                { force: true },
              );
          }}
        />
      )}
    </div>
  );
}
