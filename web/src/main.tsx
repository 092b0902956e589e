import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import { App } from './app/app';
import { registerServiceWorker } from './app/service-worker';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
