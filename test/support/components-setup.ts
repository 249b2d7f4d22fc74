import { cleanup, configure } from '@testing-library/react';
import * as React from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installIndexedComputedStyle } from './indexed-computed-style';
import { installIndexedLabelControl } from './indexed-label-control';
import { mediaQueryList } from './media-query';

// Pages are lazy routes: their first import in a test file can take over a
// second on a loaded two-core machine, past findBy's default 1000 ms wait.
configure({ asyncUtilTimeout: 4000 });

// House rule (model-codebases §9): `console.error` fails a component test,
// so React warnings (keys, act(), invalid DOM nesting) are never ignored.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

// A worker runs many files in one window (vitest.config.ts, isolate: false): whatever a test leaves in it
// (cookies, storages, fake timers, the window's width, stubbed globals) goes after it.
const initialWidth = window.innerWidth;
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  sessionStorage.clear(); // remembered searches (persistent facets) must not leak between tests
  localStorage.clear();
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  window.innerWidth = initialWidth;
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  document.body.innerHTML = '';
  if (errors.length > 0) {
    const first = errors[0].map((part) => (part instanceof Error ? part.stack : String(part))).join(' ');
    throw new Error(`console.error was called ${errors.length} time(s); first: ${first}`);
  }
});

// jsdom lacks these; MUI and the column-priority code read them. The tests' user asks for reduced motion, as the
// browser journeys' does (openSession): dialogs and menus appear without transitions to wait out and render through.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => mediaQueryList(query, query === '(prefers-reduced-motion: reduce)');
}
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Half of a component test's time went to jsdom matching every CSS rule against every element a role query looks at.
installIndexedComputedStyle(window);
installIndexedLabelControl();

// React's development build captures a stack trace (an Error) for every element it creates, to print the owner's
// stack beside a warning; measured, that was a sixth of a form test's CPU. Its own counter stops the capture after
// 10,000 elements a second: held at its limit, every warning still fires (and fails the test) with the component
// stack, only without the owner's call site.
const reactInternals = (React as unknown as Record<string, Record<string, unknown>>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(reactInternals, 'recentlyCreatedOwnerStacks', { get: () => Number.MAX_SAFE_INTEGER, set() {}, configurable: true });
