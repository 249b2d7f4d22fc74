import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '../src/app/App';
import { createApp } from '../src/app/create-app';
import { readBootstrap } from '../src/backend/preloads';
import { holdPageClock } from '../src/utils/dates';
import { plugins } from './plugins';

// The browser entry point (index.html): the engine with the app's plug-ins.
function start() {
  const root = document.getElementById('root')!;
  const bootstrap = readBootstrap(document);
  const app = (
    <StrictMode>
      <Hydrated root={root}>
        <App {...createApp(plugins, { bootstrap })} />
      </Hydrated>
    </StrictMode>
  );
  // A page the server drew (server/page-bootstrap.ts) is hydrated: the same components take over its markup.
  if (root.firstElementChild) {
    // The first render reads the clock the server drew with (Hydrated lets it run again).
    holdPageClock(bootstrap?.hydration?.drawnAt ?? null);
    hydrateRoot(root, app);
  } else createRoot(root).render(app);
}

/** The server's markup is inert until the app has taken it over: then its buttons do what they say, and the clock runs. */
function Hydrated({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    holdPageClock(null);
    root.removeAttribute('inert');
  }, [root]);
  return children;
}

// The server sends this script after the page's markup and bootstrap (server/page-bootstrap.ts); it is async, so
// the app starts once the whole page, bootstrap and all, is in, wherever the script stands.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
