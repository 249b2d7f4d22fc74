/** Charts of the dashboard: quota bars and charts, pie and donut charts, line and bar charts (recharts + MUI). */
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
