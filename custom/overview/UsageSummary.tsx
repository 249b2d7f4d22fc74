import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useBackend } from '../../src/engine/context';
import { downloadFile } from '../../src/engine/download';
import { formatMB } from '../../src/utils/units';
import type { UsageGlobalReport, UsageProjectReport } from '../../shared/generated/usage';
import type { Period } from './period';
import { UsagePeriodForm } from './UsagePeriodForm';

type Report = UsageProjectReport | UsageGlobalReport;

/** The usage report of `resource` ('usage' or 'project-usage') for the period, shared by the summary and the CSV. */
export function useUsageReport<T extends Report>(resource: string, period: Period, enabled: boolean) {
  const { dataProvider } = useBackend();
  return useQuery({
    queryKey: [resource, 'report', period],
    queryFn: async () => (await dataProvider.getOne(resource, { id: 'report', meta: period })).data as unknown as T,
    enabled,
    retry: false,
  });
}

const hours = (value: number | undefined) => (value ?? 0).toFixed(2);

/**
 * Horizon's "Usage Summary" (horizon/common/_usage_summary.html): the period
 * form, then active instances and RAM and the period's vCPU-, GB- and
 * RAM-hours; "Download CSV Summary" saves usage.csv.
 */
export function UsageSummary({ report, error, csv }: { report?: Report; error: string | null; csv(report: Report): string }) {
  const summary = report?.summary;
  const terms: [string, string][] = [
    ['Active Instances:', String(summary?.instances ?? 0)],
    ['Active RAM:', formatMB(summary?.memory_mb ?? 0)],
    ["This Period's vCPU-Hours:", hours(summary?.vcpu_hours)],
    ["This Period's GB-Hours:", hours(summary?.disk_gb_hours)],
    ["This Period's RAM-Hours:", hours(summary?.memory_mb_hours)],
  ];
  return (
    <Box component="section" aria-labelledby="usage-summary" sx={{ mb: 3 }}>
      <Typography id="usage-summary" variant="h6" component="h3" sx={{ mb: 1 }}>
        Usage Summary
      </Typography>
      <UsagePeriodForm />
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box component="dl" id="activity" sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {terms.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600, fontSize: 14 }}>
              {term}
            </Box>
            <Box component="dd" sx={{ m: 0, fontSize: 14 }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      <Button sx={{ mt: 2 }} variant="outlined" startIcon={<DownloadIcon />} disabled={!report} onClick={() => report && downloadFile('usage.csv', csv(report), 'text/csv')}>
        Download CSV Summary
      </Button>
    </Box>
  );
}
