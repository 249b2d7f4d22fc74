import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createApp } from './app/create-app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App {...createApp()} />
  </StrictMode>,
);
