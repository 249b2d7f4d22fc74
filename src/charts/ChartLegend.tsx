import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One legend entry: a colour key, an optional value and a label. */
export interface LegendEntry {
  label: string;
  color?: string;
  /** Shown before the label, as the pie chart legend shows "3 Current Usage". */
  value?: string;
}

/**
 * A chart legend as a plain list, so it is read out and found by text like any other content.
 *
 * @example
 * <ChartLegend entries={[{ label: 'Current Usage', value: '3', color: '#1f77b4' }]} />
 */
export function ChartLegend({ entries, showKeys = true }: { entries: LegendEntry[]; showKeys?: boolean }) {
  return (
    <Box component="ul" className="chart-legend" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      {entries.map((entry, index) => (
        <Box component="li" key={`${index}-${entry.label}`} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          {showKeys && entry.color && (
            <Box aria-hidden className="chart-legend-key" sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: entry.color }} />
          )}
          {entry.value !== undefined && (
            <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
              {entry.value}
            </Typography>
          )}
          <Typography component="span" variant="body2">
            {entry.label}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
