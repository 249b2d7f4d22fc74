import Alert, { type AlertColor } from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useToasts, useToastStore } from './context';
import type { StoredToastKind } from './store';

const SEVERITY: Record<StoredToastKind, AlertColor> = { success: 'success', info: 'info', warning: 'warning', danger: 'error' };

/** The toasts, bottom right where they hide no toolbar; each can be closed by the user. */
export function Toaster() {
  const toasts = useToasts();
  const store = useToastStore();
  const container = useToastContainer();
  if (!container) return null;
  return createPortal(
    <Stack spacing={1} sx={{ position: 'fixed', bottom: 16, right: 16, zIndex: (theme) => theme.zIndex.snackbar, width: 'min(420px, calc(100vw - 32px))' }}>
      {toasts.map((toast) => (
        <Alert key={toast.id} severity={SEVERITY[toast.type]} variant="filled" onClose={() => store.cancel(toast.id)} sx={{ boxShadow: 3, wordBreak: 'break-word' }}>
          <strong>{toast.typeMsg}:</strong> {toast.msg}
        </Alert>
      ))}
    </Stack>,
    container,
  );
}

/**
 * A container of its own under <body>. An open modal marks every other child
 * of <body> aria-hidden; a toast raised while a form is open (its failure
 * message) must still be perceivable, so this container refuses that mark.
 */
function useToastContainer(): HTMLElement | null {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = document.createElement('div');
    element.dataset.toasts = '';
    document.body.appendChild(element);
    const observer = new MutationObserver(() => {
      if (element.hasAttribute('aria-hidden')) element.removeAttribute('aria-hidden');
    });
    observer.observe(element, { attributes: true, attributeFilter: ['aria-hidden'] });
    setContainer(element);
    return () => {
      observer.disconnect();
      element.remove();
    };
  }, []);
  return container;
}
