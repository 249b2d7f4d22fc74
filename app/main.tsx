import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../src/app/App';
import { createApp } from '../src/app/create-app';
import { readBootstrap } from '../src/backend/preloads';
import { plugins } from './plugins';

// The browser entry point (index.html): the engine with the app's plug-ins.
function start() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App {...createApp(plugins, { bootstrap: readBootstrap(document) })} />
    </StrictMode>,
  );
}

// The script is async: the modules above are fetched and evaluated while the server is still
// writing the page's bootstrap (issue 17), and the app starts once the page, bootstrap and all, is in.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
