import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled block of the instance overview (Horizon's h4 with a rule under it). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6" sx={{ borderBottom: 1, borderColor: 'divider', pb: 0.5, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Label/value rows (Horizon's dl-horizontal); values are text, never HTML. */
export function Pairs({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, 180px) 1fr' }, alignItems: 'baseline', columnGap: 3, rowGap: 1 }}>
      {rows.map(([label, value], index) => (
        <Box key={`${label}-${index}`} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
