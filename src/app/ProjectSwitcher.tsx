import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Check from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserSession } from '../backend/contract';
import { useBackend } from '../engine/context';
import { visuallyHidden } from '../ui/a11y';
import { MY_PROJECTS_KEY, useSessionActions } from './session-actions';

/** The project switcher: the user's projects; choosing one rescopes the session (POST /api/auth/switch/). */
export function ProjectSwitcher({ session }: { session: UserSession }) {
  const { identity } = useBackend();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { switchProject } = useSessionActions();
  const projects = useQuery({ queryKey: MY_PROJECTS_KEY, queryFn: () => identity.listMyProjects(session.id), enabled: Boolean(anchor), staleTime: 60_000 });
  const current = session.project_name ?? 'No project';

  return (
    <>
      <Button
        color="inherit"
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, maxWidth: { xs: 140, sm: 280 }, flexShrink: 1, fontWeight: 400, '& .name': { fontWeight: 700, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
      >
        {/* On a phone only the name shows; 'Project:' stays in the button's accessible name. */}
        <Box component="span" sx={(theme) => ({ opacity: 0.8, whiteSpace: 'pre', [theme.breakpoints.down('sm')]: visuallyHidden })}>
          Project:{' '}
        </Box>
        <span className="name">{current}</span>
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {projects.isPending && <MenuItem disabled>Loading…</MenuItem>}
        {[...(projects.data ?? [])]
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((project) => {
            const selected = project.id === session.project_id;
            return (
              <MenuItem
                key={project.id}
                selected={selected}
                onClick={() => {
                  setAnchor(null);
                  if (!selected) void switchProject(project.id).catch(() => undefined); // the HTTP helper toasts 401/403
                }}
              >
                <ListItemIcon>{selected && <Check fontSize="small" />}</ListItemIcon>
                <ListItemText>{project.name}</ListItemText>
              </MenuItem>
            );
          })}
      </Menu>
    </>
  );
}
