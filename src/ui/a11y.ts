import type { CSSObject } from '@mui/material/styles';

/**
 * Hidden from sight, still read by screen readers. Sizes are strings in
 * pixels: in MUI's `sx` a bare `1` means 100%, which made a hidden label as
 * wide and tall as the page it sits in.
 */
export const visuallyHidden: CSSObject = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
