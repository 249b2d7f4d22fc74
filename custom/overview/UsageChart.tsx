import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LineChart } from '../../src/charts/LineChart';
import { CHART_ERROR_TEXT } from '../../src/charts/texts';
import { useBackend } from '../../src/engine/context';
import type { UsageChart as UsageChartData, UsageChartQuery } from '../../shared/generated/usage';
import type { Period } from './period';

type Meter = NonNullable<UsageChartQuery['meter']>;

const METERS: { value: Meter; label: string }[] = [
  { value: 'vcpus', label: 'vCPUs' },
  { value: 'memory_mb', label: 'RAM (MB)' },
  { value: 'local_gb', label: 'Disk (GB)' },
];

/**
 * The project's metering chart for the period (with `allProjects`, the whole
 * cloud's, for the admin Overview) (spec 1 §3): the chosen meter in
 * use per hour as a line, and beside it the bar of the latest sample and the
 * average against the peak, both with tooltips. With no samples the chart
 * says 'No data available.'; when the data cannot be loaded the spec's chart
 * error shows above it.
 */
export function UsageChart({ period, allProjects = false }: { period: Period; allProjects?: boolean }) {
  const { dataProvider } = useBackend();
  const [meter, setMeter] = useState<Meter>('vcpus');
  const chart = useQuery({
    queryKey: ['usage-chart', meter, period, allProjects],
    queryFn: async () => (await dataProvider.getOne('usage-chart', { id: meter, meta: { ...period, ...(allProjects ? { all_projects: 'true' } : {}) } })).data as unknown as UsageChartData,
    retry: false,
  });
  const label = METERS.find((option) => option.value === meter)!.label;
  return (
    <Box component="section" aria-labelledby="usage-chart" sx={{ mb: 3 }}>
      <Typography id="usage-chart" variant="h6" component="h3" sx={{ mb: 1 }}>
        Usage Over Time
      </Typography>
      <TextField select size="small" label="Meter" name="meter" value={meter} onChange={(event) => setMeter(event.target.value as Meter)} sx={{ minWidth: 180, mb: 2 }}>
        {METERS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      {chart.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {CHART_ERROR_TEXT}
        </Alert>
      )}
      {chart.isPending ? null : (
        <LineChart title={`${label} in use`} series={chart.data?.series ?? []} stats={chart.data?.stats} settings={chart.data?.settings} error={chart.isError} height={240} />
      )}
    </Box>
  );
}
