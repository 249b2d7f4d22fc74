import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import type { RowAction } from './types';

/**
 * The per-row actions menu: a button named 'Actions for <name>'. A disabled
 * action stays listed with its tooltip; clicking it runs its `onSelect`
 * (e.g. expanding the row to show why).
 */
export function RowActionsMenu({ name, actions }: { name: string; actions: RowAction[] }) {
  // The menu is there from its opening until its closing transition has ended. Mounted closed on every row, its
  // Menu, Popover and Modal ran on each render of the table: a tenth of a drawn page of 20 rows on the server.
  const [menu, setMenu] = useState<{ anchor: HTMLElement; open: boolean } | null>(null);
  if (actions.length === 0) return null;
  const close = () => setMenu((current) => current && { ...current, open: false });
  const choose = (action: RowAction) => {
    close();
    action.onSelect();
  };
  return (
    <>
      <IconButton size="small" aria-label={`Actions for ${name}`} aria-haspopup="menu" onClick={(event) => setMenu({ anchor: event.currentTarget, open: true })}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      {menu && (
        <Menu anchorEl={menu.anchor} open={menu.open} onClose={close} slotProps={{ transition: { onExited: () => setMenu(null) } }}>
          {actions.map((action) =>
            action.disabled ? (
              <Tooltip key={action.label} title={action.tooltip ?? ''} placement="left" describeChild>
                <MenuItem aria-disabled="true" sx={{ opacity: 0.5 }} onClick={() => choose(action)}>
                  {action.label}
                </MenuItem>
              </Tooltip>
            ) : (
              <MenuItem key={action.label} onClick={() => choose(action)}>
                {action.label}
              </MenuItem>
            ),
          )}
        </Menu>
      )}
    </>
  );
}
