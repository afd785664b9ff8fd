import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { followLanguageSetting } from './i18n/follow-language-setting';
import { startI18n } from './i18n/start-i18n';
import { startBridge } from './lib/bridge';
import './styles/theme.css';
import './styles/components.css';
import './styles/shell.css';
import './styles/profiles.css';
import './styles/catalog-frame.css';
import './styles/product-list.css';
import './styles/catalog-pager.css';
import './styles/device-grid.css';
import './styles/middle-ellipsis.css';
import './styles/product-key-picker.css';
import './styles/device-details.css';
import './styles/device-selection.css';
import './styles/odd-values.css';

// The composition root: the way to the core first (in the browser shell it also takes the one-time
// token out of the address bar), then the app, which starts the mirror of the core's documents.
startBridge();
// The words before the first render (the catalogs are bundled), then the language the settings ask for.
startI18n();
followLanguageSetting();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
