import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import type { ConsoleInfo } from '../../dataProviders/nova-servers';
import type { DetailTabComponentProps } from '../../src/plugins';
import { useToastStore } from '../../src/toasts/context';
import { useInstanceCall } from './useInstanceCall';

/** Spec 1 §9: the console popup's size. */
export const CONSOLE_POPUP = { width: 760, height: 560 };
/** Horizon's _detail_console.html texts. */
export const CONSOLE_UNAVAILABLE = 'Console is currently unavailable.';
export const CONSOLE_LOAD_FAILED = 'Unable to load console. Please reload page to try again.';

/** Opens a console URL in its own 760x560 window (spec 1 §2.1: the console popup). */
export function openConsolePopup(url: string, id: string): void {
  window.open(url, `console_${id}`, `width=${CONSOLE_POPUP.width},height=${CONSOLE_POPUP.height}`);
}

/**
 * The page's CSP lets it frame the console proxies the server has seen the
 * cloud hand out (server/console-origins.ts). A page loaded before the
 * first console URL of a proxy came back refuses to frame it: it is loaded
 * again, once per origin and browser session, to get the header that allows it.
 */
function useReloadWhenFrameRefused(url: string | undefined): void {
  useEffect(() => {
    if (!url) return;
    let origin: string;
    try {
      origin = new URL(url, window.location.href).origin;
    } catch {
      return;
    }
    if (origin === window.location.origin) return;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (!event.effectiveDirective.startsWith('frame-src') || !event.blockedURI.startsWith(origin)) return;
      const key = `console-frame-reloaded:${origin}`;
      if (window.sessionStorage.getItem(key)) return;
      window.sessionStorage.setItem(key, '1');
      window.location.reload();
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [url]);
}

/**
 * The Console tab (Horizon's _detail_console.html): the instance's console
 * from `POST servers/{id}/console-info/` with type AUTO, in a 760x560
 * popup window, shown only, and framed in the page (the proxy's origin is in
 * the page's CSP `frame-src`). No console: an error toast and Horizon's reload hint.
 */
export function InstanceConsoleTab({ record }: DetailTabComponentProps) {
  const id = String(record.id);
  const consoleInfo = useInstanceCall<ConsoleInfo>(id, 'console-info', { console_type: 'AUTO' });
  const toasts = useToastStore();
  const failed = consoleInfo.isError || (consoleInfo.isSuccess && !consoleInfo.data?.url);

  useEffect(() => {
    if (failed) toasts.error(CONSOLE_UNAVAILABLE);
  }, [failed, toasts]);

  const info = consoleInfo.data;
  useReloadWhenFrameRefused(info?.url);
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        Instance Console
      </Typography>
      {failed && (
        <Alert severity="warning" role="status">
          {CONSOLE_LOAD_FAILED}
        </Alert>
      )}
      {info?.url && (
        <>
          <Alert severity="info" role="note" sx={{ mb: 2 }}>
            {info.type !== 'serial' && info.type !== 'SERIAL' && <>If console is not responding to keyboard input: click the grey status bar below. </>}
            <Link href={info.url} sx={{ textDecoration: 'underline' }}>
              Click here to show only console
            </Link>
            <br />
            To exit the fullscreen mode, click the browser&apos;s back button.
          </Alert>
          <Button variant="outlined" onClick={() => openConsolePopup(info.url, id)} sx={{ mb: 2 }}>
            Open Console in a New Window
          </Button>
          <Box component="iframe" title="Instance Console" src={info.url} sx={{ width: '100%', height: 600, border: 1, borderColor: 'divider' }} />
        </>
      )}
    </>
  );
}
