import type { UsageGlobalReport, UsageProjectReport } from '../../shared/generated/usage';

/**
 * Horizon's "Download CSV Summary" (usage.csv): the summary lines of the
 * period, then the table (project/overview and admin/overview views).
 */

/** One CSV field: quoted when it holds a comma, quote or line break (RFC 4180). */
function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (values: (string | number)[]) => values.map(field).join(',');
const hours = (value: number) => value.toFixed(2);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function summaryLines(report: UsageProjectReport | UsageGlobalReport): string[] {
  const { summary } = report;
  return [
    line(['Active Instances:', summary.instances]),
    line(['Total vCPU Usage (Hours):', hours(summary.vcpu_hours)]),
    line(['Total Active RAM (MB):', summary.memory_mb]),
    line(['Total Memory Usage (Hours):', hours(summary.memory_mb_hours)]),
    line(['Total Disk Size (GB):', summary.local_gb]),
    line(['Total Disk Usage (Hours):', hours(summary.disk_gb_hours)]),
  ];
}

const period = (report: { start: string; end: string }) => line(['Usage Report For Period:', report.start.slice(0, 10), report.end.slice(0, 10)]);

/** A project's report: its instances with their hours, age and state. */
export function projectUsageCsv(report: UsageProjectReport): string {
  return [
    period(report),
    line(['Project ID:', report.project_id]),
    ...summaryLines(report),
    line(['Instance Name', 'vCPUs', 'RAM (MB)', 'Disk (GB)', 'Usage (Hours)', 'Age (Seconds)', 'State']),
    ...report.items.map((item) => line([item.name, item.vcpus, item.memory_mb, item.local_gb, hours(item.hours), item.uptime, capitalised(item.state)])),
  ].join('\r\n') + '\r\n';
}

/** Every project's report. */
export function globalUsageCsv(report: UsageGlobalReport): string {
  return [
    period(report),
    ...summaryLines(report),
    line(['Project Name', 'vCPUs', 'RAM (MB)', 'Disk (GB)', 'Usage (Hours)']),
    ...report.items.map((item) => line([item.project_name, item.vcpus, item.memory_mb, item.local_gb, hours(item.vcpu_hours)])),
  ].join('\r\n') + '\r\n';
}
