import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useUserSession } from '../engine/access';
import { Header } from './Header';
import { LOGIN_PATH } from './menu';
import { Sidebar } from './Sidebar';

/**
 * The signed-in layout: header, sidebar and the routed page. Without a
 * session it sends the browser to the login page, remembering where it was.
 */
export function AppShell() {
  const session = useUserSession();
  const location = useLocation();
  const [navigationOpen, setNavigationOpen] = useState(false);

  if (session.isPending) return <FullPageSpinner />;
  if (session.isError || !session.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${LOGIN_PATH}?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header session={session.data} navigationOpen={navigationOpen} onToggleNavigation={() => setNavigationOpen((open) => !open)} />
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Sidebar open={navigationOpen} onNavigate={() => setNavigationOpen(false)} />
        {navigationOpen && (
          // On small screens the open sidebar lies over the page; a tap beside it closes it.
          <Box
            aria-hidden
            onClick={() => setNavigationOpen(false)}
            sx={(theme) => ({
              display: 'none',
              [theme.breakpoints.down('md')]: { display: 'block', position: 'fixed', inset: 0, zIndex: theme.zIndex.drawer - 1, bgcolor: 'rgba(0, 0, 0, 0.32)' },
            })}
          />
        )}
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
          <Suspense fallback={<CircularProgress size={28} aria-label="Loading" />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}

export function FullPageSpinner() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
