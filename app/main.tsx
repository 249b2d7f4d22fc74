import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../src/app/App';
import { createApp } from '../src/app/create-app';
import { readBootstrap } from '../src/backend/preloads';
import { plugins } from './plugins';

// The browser entry point (index.html): the engine with the app's plug-ins.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App {...createApp(plugins, { bootstrap: readBootstrap(document) })} />
  </StrictMode>,
);
