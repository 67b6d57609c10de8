// The trusted-types policy must exist before anything creates a worker or touches a sink.
import './security/trusted-types';
import './styles/index.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { followRouteLanguage, initialLocale } from './app/locale-sync';
import { setLocale } from './i18n/i18n';
import { router } from './router';
import { loadSettings } from './settings/settings';

async function start() {
  loadSettings();
  // Texts are ready before the first render, so a Japanese page never flashes English.
  await setLocale(initialLocale(location.pathname));
  followRouteLanguage();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
