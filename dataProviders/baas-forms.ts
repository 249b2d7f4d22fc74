import type { ResourceRecord } from '../src/backend/verbs';
import type { BackupPlanEntity, BackupPlanNotification, BackupPlanNotificationEntity, BackupPlanPlan, BackupPlanRestore } from '../shared/generated';

/**
 * The backup wizards' values and the backup service's bodies (spec 3 §3.3,
 * §4.3), both ways: the descriptors' `payload` and `prefill` (resources/backup-*.ts).
 */

export type NotificationTemplate = BackupPlanNotification;

/** Spec 3 §4.3: the full day is stored as null, null; loaded, null reads as 0 and 23. */
const FIRST_HOUR = 0;
const LAST_HOUR = 23;

/** The plan wizard's values → POST job/ and PUT job/{id} body; no pool chosen (none offered) leaves the plan's own, else the service's default. */
export function planPayload(values: Record<string, unknown>, plan?: Partial<BackupPlanEntity>): BackupPlanPlan {
  const type = Number(values.schedule_type ?? 1) as 1 | 2;
  return {
    name: String(values.name ?? ''),
    description: String(values.description ?? ''),
    enable: values.enable !== false,
    job_type: 'backup',
    schedule: { type, hour: Number(values.hour ?? 0), minute: Number(values.minute ?? 0), weekday: Number(values.weekday ?? 1) },
    rotation_points: values.rotation_points as number,
    vms: (values.vms as string[] | undefined) ?? [],
    volumes: (values.volumes as string[] | undefined) ?? [],
    ...(values.poolAlias || plan?.poolAlias ? { poolAlias: String(values.poolAlias || plan?.poolAlias) } : {}),
  } as BackupPlanPlan;
}

/** A plan → the plan wizard's values. */
export function planPrefill(plan: Partial<BackupPlanEntity>): Record<string, unknown> {
  const schedule: Partial<NonNullable<BackupPlanEntity['schedule']>> = plan.schedule ?? {};
  return {
    name: plan.name,
    description: plan.description ?? '',
    enable: plan.enable !== false,
    poolAlias: plan.poolAlias ?? '',
    vms: plan.vms ?? [],
    volumes: plan.volumes ?? [],
    schedule_type: schedule.type ?? 1,
    weekday: schedule.weekday ?? 1,
    hour: schedule.hour ?? 0,
    minute: schedule.minute ?? 0,
    rotation_points: plan.rotation_points ?? 10,
  };
}

/** Week days chosen (0 Monday … 6 Sunday) → the seven-character mask, Monday first (spec 3 §4.3). */
export function weekDayMask(days: number[]): string {
  return Array.from({ length: 7 }, (_day, index) => (days.includes(index) ? '1' : '0')).join('');
}

/** The template wizard's values → one template as PUT notifications/ saves it: times as numbers, the full day as null, null. */
export function notificationPayload(values: Record<string, unknown>): NotificationTemplate {
  const from = Number(values.sendTimeFrom ?? FIRST_HOUR);
  const to = Number(values.sendTimeTo ?? LAST_HOUR);
  const fullDay = from === FIRST_HOUR && to === LAST_HOUR;
  return {
    driver: { name: 'email', recipient: String(values.recipient ?? '') },
    enabled: values.enabled === true,
    // An empty list is refused by the schema ('Please select at least on type.') before it is sent.
    events: (values.events ?? []) as NotificationTemplate['events'],
    conditions: {
      postponedSending: values.postponedSending === true,
      sendTimeFrom: fullDay ? null : from,
      sendTimeTo: fullDay ? null : to,
      sendWeekDays: weekDayMask((values.sendWeekDays as number[] | undefined) ?? []),
    },
  };
}

/** A template as the list shows it; `id` is its place in the list (spec 3 §3.3: client-only). */
export function notificationRecord(template: NotificationTemplate, index: number): ResourceRecord {
  const { conditions } = template;
  return {
    id: String(index),
    recipient: template.driver.recipient,
    enabled: template.enabled,
    events: template.events,
    postponedSending: conditions.postponedSending,
    sendTimeFrom: conditions.sendTimeFrom ?? FIRST_HOUR,
    sendTimeTo: conditions.sendTimeTo ?? LAST_HOUR,
    sendWeekDays: conditions.sendWeekDays,
  };
}

/** A listed template → the template wizard's values (and, through `notificationPayload`, the template again). */
export function notificationPrefill(record: Partial<BackupPlanNotificationEntity>): Record<string, unknown> {
  const mask = String(record.sendWeekDays ?? '0000000');
  return {
    recipient: record.recipient ?? '',
    enabled: record.enabled === true,
    events: record.events ?? [],
    postponedSending: record.postponedSending === true,
    sendTimeFrom: record.sendTimeFrom ?? FIRST_HOUR,
    sendTimeTo: record.sendTimeTo ?? LAST_HOUR,
    sendWeekDays: [...mask].flatMap((bit, index) => (bit === '1' ? [index] : [])),
  };
}

/** The restore wizard's values → POST job/{id}/restore: name and description 'restore ' and the plan's name (spec 3 §3.3). */
export function restorePayload(values: Record<string, unknown>): BackupPlanRestore & { job_id: string } {
  const job = (values.job ?? {}) as { id?: string; name?: string };
  const label = `restore ${job.name ?? ''}`;
  return { job_id: job.id ?? '', name: label, description: label, volumes: (values.volumes ?? {}) as BackupPlanRestore['volumes'] };
}
