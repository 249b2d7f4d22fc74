import type { CSSObject } from '@mui/material/styles';

/** Hidden from sight, still read by screen readers. */
export const visuallyHidden: CSSObject = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
