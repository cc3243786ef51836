import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

// First: its reads, and the editor's code, start while the modules below are evaluated.
import '@/app/early-start';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from '@/app/app';
import { markOnce } from '@/lib/perf-marks';
import { registerServiceWorker } from '@/lib/service-worker';

markOnce('quire:app-start');

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The offline app shell (production builds only; ADR 0012).
registerServiceWorker();
