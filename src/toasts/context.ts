import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Toast, ToastStore } from './store';

export const ToastContext = createContext<ToastStore | null>(null);

/** The app's toast store, to add or clear toasts. */
export function useToastStore(): ToastStore {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToastStore needs a ToastContext provider');
  return store;
}

const NO_TOASTS: readonly Toast[] = [];
const noToasts = () => NO_TOASTS;

/** The toasts on screen, re-rendering when they change (none in a page the server draws, nor while the browser takes it over). */
export function useToasts(): readonly Toast[] {
  const store = useToastStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, noToasts);
}
