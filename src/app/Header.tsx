import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { UserSession } from '../backend/contract';
import { ExtensibleHeader } from './ExtensibleHeader';
import { LANDING_PATH } from './menu';
import { ProjectSwitcher } from './ProjectSwitcher';
import { RequestSpinner } from './RequestSpinner';
import { HEADER_HEIGHT } from './theme';
import { UserMenu } from './UserMenu';

export const PRODUCT_NAME = 'Cloud Dashboard';

/**
 * The header: sidebar toggle (small screens), product name, the request
 * spinner, the extensible header, project switcher and user menu.
 */
export function Header({ session, navigationOpen, onToggleNavigation }: { session: UserSession; navigationOpen: boolean; onToggleNavigation(): void }) {
  return (
    <AppBar position="sticky" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar variant="dense" sx={{ minHeight: HEADER_HEIGHT, gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Toggle navigation"
          aria-controls="main-navigation"
          aria-expanded={navigationOpen}
          onClick={onToggleNavigation}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" component={RouterLink} to={LANDING_PATH} noWrap sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 600, minWidth: 0, fontSize: { xs: 18, sm: 20 } }}>
          {PRODUCT_NAME}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <RequestSpinner />
        <ExtensibleHeader />
        <ProjectSwitcher session={session} />
        <UserMenu username={session.username} />
      </Toolbar>
    </AppBar>
  );
}
