import { beforeEach, describe, expect, it } from 'vitest';
import { CATALOG_WIDTH, useAppStore } from '../../../../src/app/app-store';

const store = () => useAppStore.getState();

describe('app store', () => {
  beforeEach(() => {
    useAppStore.setState({ panelOpen: false, dialog: null });
  });

  it('keeps the catalog width within its bounds', () => {
    store().setCatalogWidth(10);
    expect(store().catalogWidth).toBe(CATALOG_WIDTH.min);
    store().setCatalogWidth(99999);
    expect(store().catalogWidth).toBe(CATALOG_WIDTH.max);
    store().setCatalogWidth(600.4);
    expect(store().catalogWidth).toBe(600);
  });

  it('opens and closes the side panel and dialogs', () => {
    store().togglePanel();
    expect(store().panelOpen).toBe(true);
    store().closePanel();
    expect(store().panelOpen).toBe(false);
    store().openDialog('settings');
    expect(store().dialog).toBe('settings');
    store().closeDialog();
    expect(store().dialog).toBeNull();
  });
});
