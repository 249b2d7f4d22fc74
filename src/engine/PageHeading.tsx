import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page's h1 with its toolbar on the right, wrapping under it on narrow screens. */
export function PageHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 500, wordBreak: 'break-word', minWidth: 0 }}>
        {title}
      </Typography>
      {children && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box>}
    </Box>
  );
}
