import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import type { AnyResourceDescriptor } from '../descriptor';
import { usePanelAccess } from '../engine/access';
import NotFoundPage from '../engine/NotFoundPage';

/** A panel's page opens only when its service and policy allow it, as its menu entry does. */
export function PanelGate({ descriptor, children }: { descriptor: AnyResourceDescriptor; children: ReactNode }) {
  const [access] = usePanelAccess([{ panel: descriptor.panel!, serviceType: descriptor.serviceType }]);
  if (access === 'pending') return <CircularProgress size={28} aria-label="Loading" />;
  if (access === 'denied') return <NotFoundPage />;
  return children;
}
