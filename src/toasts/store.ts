/** The kinds a caller may ask for; 'error' is stored as 'danger' (spec 1 §4.8). */
export type ToastKind = 'success' | 'info' | 'warning' | 'danger' | 'error';
export type StoredToastKind = Exclude<ToastKind, 'error'>;

export interface Toast {
  id: number;
  type: StoredToastKind;
  /** The prefix shown before the text ('Success', 'Danger', …). */
  typeMsg: string;
  msg: string;
}

export interface ToastStore {
  add(type: ToastKind, msg: string): void;
  success(msg: string): void;
  info(msg: string): void;
  warning(msg: string): void;
  error(msg: string): void;
  /** A user closes one toast. */
  cancel(id: number): void;
  clearAll(): void;
  clearErrors(): void;
  clearSuccesses(): void;
  getSnapshot(): readonly Toast[];
  subscribe(listener: () => void): () => void;
}

/** Spec 1 §9: toast delay 3000 ms. */
export const TOAST_DELAY_MS = 3000;

/** Spec 1 §9: success and info toasts are dismissible, i.e. fade after the delay. */
const AUTO_DISMISSED: ReadonlySet<StoredToastKind> = new Set(['success', 'info']);

const TYPE_MESSAGES: Record<ToastKind, string> = {
  success: 'Success',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  error: 'Error',
};

/**
 * Toasts of spec 1 §4.8: 'error' stored as 'danger', success and info
 * dismissed after the delay, a toast with the same content added only when it
 * is not already shown, and clearing all, errors only or successes only.
 *
 * @example
 * const toasts = createToastStore();
 * toasts.success('Key pair k1 was successfully created.');
 */
export function createToastStore(delayMs = TOAST_DELAY_MS): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const timers = new Map<number, ReturnType<typeof setTimeout>>();

  function publish(next: readonly Toast[]) {
    toasts = next;
    for (const listener of listeners) listener();
  }

  function removeWhere(predicate: (toast: Toast) => boolean) {
    const removed = toasts.filter(predicate);
    if (removed.length === 0) return;
    for (const toast of removed) {
      clearTimeout(timers.get(toast.id));
      timers.delete(toast.id);
    }
    publish(toasts.filter((toast) => !predicate(toast)));
  }

  const store: ToastStore = {
    add(kind, msg) {
      const type: StoredToastKind = kind === 'error' ? 'danger' : kind;
      if (toasts.some((toast) => toast.type === type && toast.msg === msg)) return;
      const toast: Toast = { id: nextId++, type, typeMsg: TYPE_MESSAGES[kind], msg };
      publish([...toasts, toast]);
      if (AUTO_DISMISSED.has(type)) timers.set(toast.id, setTimeout(() => store.cancel(toast.id), delayMs));
    },
    success: (msg) => store.add('success', msg),
    info: (msg) => store.add('info', msg),
    warning: (msg) => store.add('warning', msg),
    error: (msg) => store.add('error', msg),
    cancel: (id) => removeWhere((toast) => toast.id === id),
    clearAll: () => removeWhere(() => true),
    clearErrors: () => removeWhere((toast) => toast.type === 'danger'),
    clearSuccesses: () => removeWhere((toast) => toast.type === 'success'),
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return store;
}
