import type { Locator, Page } from 'playwright-core';

/**
 * The app around the wall: its top bar, side panel and dialogs. Specs reach them through here, so a
 * moved control is one edit.
 */
export class AppShellPage {
  constructor(readonly page: Page) {}

  /** Resolves once the app has loaded its documents (`data-state="ready"` on the root). */
  async ready(timeout = 30_000): Promise<void> {
    await this.page.locator('[data-testid="app-root"][data-state="ready"]').waitFor({ timeout });
  }

  get topbar(): Locator {
    return this.page.getByTestId('topbar');
  }

  /** Opens (or closes) the side panel with the archive templates. */
  get openTemplates(): Locator {
    return this.page.getByTestId('open-templates');
  }

  get sidePanel(): Locator {
    return this.page.getByTestId('side-panel');
  }

  /** Folds or unfolds the catalog beside the wall. */
  get toggleCatalog(): Locator {
    return this.page.getByTestId('toggle-catalog');
  }

  get openSettings(): Locator {
    return this.page.getByTestId('open-settings');
  }

  get settingsDialog(): Locator {
    return this.page.getByTestId('settings-dialog');
  }

  get profileSelect(): Locator {
    return this.page.getByTestId('profile-select');
  }

  get manageProfiles(): Locator {
    return this.page.getByTestId('manage-profiles');
  }

  get profilesDialog(): Locator {
    return this.page.getByTestId('profiles-dialog');
  }

  /** The notices shown at the top (each `notice`). */
  get notices(): Locator {
    return this.page.getByTestId('notice');
  }
}
