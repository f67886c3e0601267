import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primeicons/primeicons.css';
import './app/styles.css';
import './app/a11y.css';
import './app/responsive.css';
import './app/table-scroll.css';
import './app/toasts.css';
import { App } from './app/app';
import { prefetchFirstRequests } from './app/boot-prefetch';
import { initI18n } from './lib/i18n';
import { bootstrapSession } from './lib/session';
import { cookieTokenStorage } from './lib/auth-storage';
import { installOverlayFocus } from './lib/overlay-focus';
import { installTabScrollGuard } from './lib/tab-scroll';
import { installScrollHints } from './lib/scroll-hints';

async function start(): Promise<void> {
  // A signed-in page's first requests leave now, before anything else runs: not after its modules.
  if (cookieTokenStorage.read().token) prefetchFirstRequests(window.location);
  await initI18n();
  bootstrapSession(window.location.pathname);
  installOverlayFocus();
  installTabScrollGuard();
  installScrollHints();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing in index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
