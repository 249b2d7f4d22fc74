import { createTheme } from '@mui/material/styles';

/** System fonts only: the app must work with no network beyond its own server. */
const FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif';

export const theme = createTheme({
  palette: {
    primary: { main: '#1d5fa6' },
    background: { default: '#f4f6f9' },
  },
  typography: { fontFamily: FONT_STACK, button: { textTransform: 'none', fontWeight: 600 } },
  shape: { borderRadius: 6 },
  components: {
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, whiteSpace: 'nowrap' } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
  },
});

const NO_TIME = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/**
 * The theme for users whose system asks for reduced motion (WCAG 2.3.3, as the charts already do): dialogs,
 * menus and collapses appear and go at once, buttons without the ripple.
 */
export const reducedMotionTheme = createTheme(theme, {
  transitions: { create: () => 'none', duration: NO_TIME, getAutoHeightDuration: () => 0 },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
});

/** Width of the sidebar on wide screens. */
export const SIDEBAR_WIDTH = 240;
/** Height of the header bar (MUI's dense toolbar on every width keeps the layout simple). */
export const HEADER_HEIGHT = 56;
