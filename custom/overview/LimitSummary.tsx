import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { PieChart } from '../../src/charts/PieChart';
import { useBackend } from '../../src/engine/context';
import { formatGB, formatMB } from '../../src/utils/units';
import type { QuotaItem, QuotaService } from '../../dataProviders/quotas';

/** One chart of the Limit Summary: the quota key, its label, the verb before the figures and how they read. */
interface ChartDef {
  key: string;
  label: string;
  usedPhrase?: string;
  format?(value: number): string;
}

/** Horizon's CHART_DEFS (openstack_dashboard/usage/views.py), in its order. */
const SECTIONS: { service: QuotaService; title: string; charts: ChartDef[] }[] = [
  {
    service: 'compute',
    title: 'Compute',
    charts: [
      { key: 'instances', label: 'Instances' },
      { key: 'cores', label: 'vCPUs' },
      { key: 'ram', label: 'RAM', format: formatMB },
    ],
  },
  {
    service: 'volume',
    title: 'Volume',
    charts: [
      { key: 'volumes', label: 'Volumes' },
      { key: 'snapshots', label: 'Volume Snapshots' },
      { key: 'gigabytes', label: 'Volume Storage', format: formatGB },
    ],
  },
  {
    service: 'network',
    title: 'Network',
    charts: [
      { key: 'floatingip', label: 'Floating IPs', usedPhrase: 'Allocated' },
      { key: 'security_group', label: 'Security Groups' },
      { key: 'security_group_rule', label: 'Security Group Rules' },
      { key: 'network', label: 'Networks' },
      { key: 'port', label: 'Ports' },
      { key: 'router', label: 'Routers' },
    ],
  },
];

const unlimited = (limit: number) => limit < 0 || !Number.isFinite(limit);

/** Horizon's quotapercent: used / quota in whole percents; 0 for an unlimited quota, 100 for a quota of 0. */
export function quotaPercent(used: number, limit: number): number {
  if (unlimited(limit)) return 0;
  if (limit === 0) return used > 0 ? 100 : 0;
  return Math.round((used / limit) * 100);
}

function QuotaPie({ chart, item }: { chart: ChartDef; item: QuotaItem }) {
  const theme = useTheme();
  const used = item.in_use ?? 0;
  const percent = quotaPercent(used, item.limit);
  const show = chart.format ?? ((value: number) => String(value));
  const subtitle = unlimited(item.limit)
    ? `${chart.usedPhrase ?? 'Used'} ${show(used)} (No Limit)`
    : `${chart.usedPhrase ?? 'Used'} ${show(used)} of ${show(item.limit)}`;
  const remaining = unlimited(item.limit) ? 0 : Math.max(0, item.limit - used);
  return (
    <Box id={`quota_${chart.key}`} className="d3_quota_bar" data-quota-limit={item.limit} data-used={percent} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', width: 150, textAlign: 'center' }}>
      <PieChart
        variant="donut"
        slices={[
          { label: chart.usedPhrase ?? 'Used', value: unlimited(item.limit) ? 0 : used },
          { label: 'Remaining', value: unlimited(item.limit) ? 1 : remaining, color: theme.palette.grey[200] },
        ]}
        usedPercent={percent}
        label={`${percent}%`}
        settings={{ showTitle: false, showLegend: false }}
        animate={false}
      />
      <Typography className="quota_title" variant="body2" sx={{ fontWeight: 600, mt: 0.5 }} title={chart.label}>
        {chart.label}
      </Typography>
      <Typography className="quota_subtitle" variant="caption" color="text.secondary">
        {subtitle}
      </Typography>
    </Box>
  );
}

/**
 * Horizon's "Limit Summary" (horizon/common/_limit_summary.html): per
 * section, a chart of each quota with what the project uses of it; nearly
 * full at 80 percent, full at 100 (spec 1 §9). A service the cloud lacks
 * leaves its section out.
 */
export function LimitSummary({ projectId }: { projectId: string | undefined }) {
  const { dataProvider } = useBackend();
  const quotas = useQuery({
    queryKey: ['quota-usage', projectId],
    queryFn: async () => (await dataProvider.getOne('quota-usage', { id: projectId! })).data as unknown as Record<QuotaService, QuotaItem[]>,
    enabled: Boolean(projectId),
  });
  return (
    <Box component="section" aria-labelledby="limit-summary" className="limit-summary" sx={{ mb: 3 }}>
      <Typography id="limit-summary" variant="h6" component="h3" sx={{ mb: 1 }}>
        Limit Summary
      </Typography>
      {SECTIONS.map((section) => {
        const items = new Map((quotas.data?.[section.service] ?? []).map((item) => [item.name, item]));
        const charts = section.charts.filter((chart) => items.has(chart.key));
        if (!charts.length) return null;
        return (
          <Box key={section.service} component="section" aria-label={section.title} sx={{ mb: 2 }}>
            <Typography variant="subtitle1" component="h4" sx={{ mb: 1 }}>
              {section.title}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
              {charts.map((chart) => (
                <QuotaPie key={chart.key} chart={chart} item={items.get(chart.key)!} />
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
