import Box from '@mui/material/Box';
import { useUserSession } from '../../src/engine/access';
import { PageHeading } from '../../src/engine/PageHeading';
import ResourceListPage from '../../src/engine/ResourceListPage';
import { useRegistry } from '../../src/engine/context';
import type { UsageGlobalReport, UsageProjectReport } from '../../shared/generated/usage';
import { globalUsageCsv, projectUsageCsv } from './csv';
import { LimitSummary } from './LimitSummary';
import { UsageChart } from './UsageChart';
import { UsageSummary, useUsageReport } from './UsageSummary';
import { useUsagePeriod } from './UsagePeriodForm';

/**
 * Project > Overview (`/project`, the landing page): Limit Summary, Usage
 * Summary for the period and the Usage table of the project's instances.
 */
export function ProjectOverviewPage() {
  const descriptor = useRegistry().byName('usage')!;
  const session = useUserSession();
  const { period, error } = useUsagePeriod();
  const report = useUsageReport<UsageProjectReport>(descriptor.name, period, !error);
  return (
    <Box>
      <PageHeading title="Overview" />
      <LimitSummary projectId={session.data?.project_id ?? undefined} />
      <UsageSummary report={report.data} error={error} csv={(data) => projectUsageCsv(data as UsageProjectReport)} />
      {!error && <UsageChart period={period} />}
      {!error && <ResourceListPage key={`${period.start}/${period.end}`} descriptor={descriptor} scope={{ filter: { start: period.start, end: period.end } }} />}
    </Box>
  );
}

/** Admin > Overview (`/admin`): the Usage Summary of every project, the whole cloud's usage over time and the Usage table per project. */
export function AdminOverviewPage() {
  const descriptor = useRegistry().byName('project-usage')!;
  const { period, error } = useUsagePeriod();
  const report = useUsageReport<UsageGlobalReport>(descriptor.name, period, !error);
  return (
    <Box>
      <PageHeading title="Overview" />
      <UsageSummary report={report.data} error={error} csv={(data) => globalUsageCsv(data as UsageGlobalReport)} />
      {!error && <UsageChart period={period} allProjects />}
      {!error && <ResourceListPage key={`${period.start}/${period.end}`} descriptor={descriptor} scope={{ filter: { start: period.start, end: period.end } }} />}
    </Box>
  );
}
