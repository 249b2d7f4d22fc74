/**
 * Charts of the dashboard: quota bars and charts, pie and donut charts, line and bar charts (recharts + MUI).
 * Only QuotaChart has a screen today (the launch wizard); the others are kept, with their tests, for the
 * overview pages of issue 22 (usage pie charts, quota bars, usage lines).
 */
export * from './animation';
export * from './BarChart';
export * from './ChartLegend';
export * from './LineChart';
export * from './palette';
export * from './PieChart';
export * from './QuotaBar';
export * from './QuotaChart';
export * from './texts';
export * from './thresholds';
