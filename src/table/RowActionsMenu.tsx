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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  const choose = (action: RowAction) => {
    setAnchor(null);
    action.onSelect();
  };
  return (
    <>
      <IconButton size="small" aria-label={`Actions for ${name}`} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
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
    </>
  );
}
