import { api } from '../../lib/bridge';
import type { UiState } from './ui-state';

/** The core's ui:get / ui:set: what the templates keep lives with the data folder. */
export const coreUiState: UiState = {
  get: (key) => api.ui.get({ key }),
  set: (key, value) => api.ui.set({ key, value }),
};
