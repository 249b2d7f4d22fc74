import AccountCircle from '@mui/icons-material/AccountCircle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSessionActions } from './session-actions';

/** The user menu: who is signed in, and 'Sign Out'. */
export function UserMenu({ username }: { username: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { signOut } = useSessionActions();
  return (
    <>
      <IconButton color="inherit" aria-label="User menu" aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        <AccountCircle />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          Signed in as <strong>{username}</strong>
        </Typography>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void signOut();
          }}
        >
          Sign Out
        </MenuItem>
      </Menu>
    </>
  );
}
