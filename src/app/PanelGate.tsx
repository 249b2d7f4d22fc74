import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import type { AnyResourceDescriptor } from '../descriptor';
import { usePanelAccess } from '../engine/access';
import NotFoundPage from '../engine/NotFoundPage';
import type { MenuPanel } from './menu';

/** A panel's page opens only when its service and policy allow it, as its menu entry does. */
export function PanelGate({ descriptor, children }: { descriptor: AnyResourceDescriptor; children: ReactNode }) {
  return <ScreenGate entry={{ panel: descriptor.panel!, serviceType: descriptor.serviceType }}>{children}</ScreenGate>;
}

/** The same gate for a custom screen's sidebar entry (`ViewPlugins.panels`). */
export function ScreenGate({ entry, children }: { entry: MenuPanel; children: ReactNode }) {
  const [access] = usePanelAccess([entry]);
  if (access === 'pending') return <CircularProgress size={28} aria-label="Loading" />;
  if (access === 'denied') return <NotFoundPage />;
  return children;
}
