import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startBridge } from './lib/bridge';
import './styles/theme.css';
import './styles/components.css';
import './styles/shell.css';
import './styles/profiles.css';
import './styles/catalog.css';

// The composition root: the way to the core first (in the browser shell it also takes the one-time
// token out of the address bar), then the app, which starts the mirror of the core's documents.
startBridge();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
