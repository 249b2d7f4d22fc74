import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page's h1 (or, for a list inside a details tab, an h2) with its toolbar on the right, wrapping under it on narrow screens. */
export function PageHeading({ title, children, level = 1 }: { title: ReactNode; children?: ReactNode; level?: 1 | 2 }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
      <Typography variant={level === 1 ? 'h5' : 'h6'} component={level === 1 ? 'h1' : 'h2'} sx={{ fontWeight: 500, wordBreak: 'break-word', minWidth: 0 }}>
        {title}
      </Typography>
      {children && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box>}
    </Box>
  );
}
