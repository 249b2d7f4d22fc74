import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type MouseEvent, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePanelAccess } from '../engine/access';
import { useRegistry } from '../engine/context';
import { usePlugins } from '../plugins';
import { buildMenu, type MenuSection, menuPanels } from './menu';
import { HEADER_HEIGHT, SIDEBAR_WIDTH } from './theme';

/**
 * The sidebar (spec 1 §2.2): sections Project, Admin, Identity, each panel
 * shown only when its service is in the catalog and its policy passes; a
 * section or group with no panel left is not shown. On small screens it is
 * hidden until the header's toggle opens it.
 */
export function Sidebar({ open, onNavigate }: { open: boolean; onNavigate(): void }) {
  const registry = useRegistry();
  const { panels: screens } = usePlugins();
  const menu = useMemo(() => buildMenu(registry.all, screens), [registry, screens]);
  const panels = menuPanels(menu);
  const access = usePanelAccess(panels);
  const allowedPaths = new Set(panels.filter((_panel, index) => access[index] === 'allowed').map(({ panel }) => panel.path));
  const visible = visibleMenu(menu, allowedPaths);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // One handler for every link, as a router link would: a plain left click navigates in the app.
  const follow = (event: MouseEvent<HTMLAnchorElement>, path: string) => {
    onNavigate();
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(path);
  };

  return (
    <Box
      component="nav"
      id="main-navigation"
      aria-label="Main navigation"
      sx={(theme) => ({
        width: SIDEBAR_WIDTH,
        flexShrink: 0,
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
        position: 'sticky',
        top: HEADER_HEIGHT,
        height: `calc(100vh - ${HEADER_HEIGHT}px)`,
        overflowY: 'auto',
        py: 1,
        // Written as "hide below md" so a browser without media queries (jsdom) still shows it.
        [theme.breakpoints.down('md')]: open
          ? { position: 'fixed', left: 0, zIndex: theme.zIndex.drawer, boxShadow: theme.shadows[8] }
          : { display: 'none' },
      })}
    >
      {visible.map((section) => (
        <Box key={section.id} component="section" sx={{ mb: 1 }}>
          <Typography component="h2" variant="overline" sx={{ display: 'block', px: 2, pt: 1, color: 'text.secondary', fontWeight: 700, letterSpacing: 1 }}>
            {section.label}
          </Typography>
          {section.groups.map((group) => (
            <Box key={group.label ?? ''}>
              {group.label && (
                <Typography component="h3" variant="body2" sx={{ px: 2, pt: 0.5, fontWeight: 600, color: 'text.secondary' }}>
                  {group.label}
                </Typography>
              )}
              <Box component="ul" sx={LINKS}>
                {group.panels.map(({ panel }) => {
                  // A section's root panel (the Overviews) is current on its own path only, not under every panel of the section.
                  const current = isCurrent(pathname, panel.path, panel.path === `/${section.id}`);
                  return (
                    <li key={panel.path}>
                      <a href={panel.path} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined} onClick={(event) => follow(event, panel.path)}>
                        {panel.label}
                      </a>
                    </li>
                  );
                })}
              </Box>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

function visibleMenu(menu: MenuSection[], allowedPaths: Set<string>): MenuSection[] {
  return menu
    .map((section) => ({
      ...section,
      groups: section.groups
        .map((group) => ({ ...group, panels: group.panels.filter(({ panel }) => allowedPaths.has(panel.path)) }))
        .filter((group) => group.panels.length > 0),
    }))
    .filter((section) => section.groups.length > 0);
}

/**
 * The links' look (a dense list of buttons), styled once for the whole list:
 * a MUI button and router link per entry cost the first render of every page
 * tens of ms for the sidebar alone (issue 17).
 */
const LINKS = (theme: Theme) => ({
  listStyle: 'none',
  m: 0,
  p: 0,
  '& a': {
    ...theme.typography.body2,
    display: 'block',
    pl: 3,
    pr: 2,
    py: 1,
    color: 'text.primary',
    textDecoration: 'none',
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { bgcolor: 'action.focus', outline: 'none' },
    '&.active': { bgcolor: 'action.selected', color: 'primary.main', fontWeight: 600 },
  },
});

/** As the router's NavLink decides: the path itself, or (unless `end`) a path below it; case-insensitive. */
export function isCurrent(pathname: string, path: string, end: boolean): boolean {
  const here = pathname.toLowerCase();
  const target = path.toLowerCase().replace(/\/$/, '');
  return here === target || here === `${target}/` || (!end && here.startsWith(`${target}/`));
}
