import { describe, expect, it } from 'vitest';
import { notificationPayload, notificationPrefill, notificationRecord, planPayload, planPrefill, weekDayMask } from '../../../dataProviders/baas-forms';
import { scheduleText } from '../../../dataProviders/baas';
import { NOT_ENOUGH_SPACE, NOTHING_TO_RESTORE, notEnoughSpaceOn, restoreChoiceOf, restoreQuotaError, restoreStepError, SELECT_A_DISK } from '../../../custom/backup/restore-check';

const volume = (id: string, size: number, type: string | null = 'lvm') => ({ id, name: id, size: 99, volume_type: type, last_backup: { disk_id: id, backup_size: 1, created_at: '2026-11-26T00:00:00Z', original_disk_size: size } });
const choose = (...ids: string[]) => Object.fromEntries(ids.map((id) => [id, { restore_name: id }]));

describe('restore quota rules (spec 3 §5.3)', () => {
  it('refuses a type whose used plus added exceeds its max, sizes taken from the original disk', () => {
    const quotas = { total: { max: 100, used: 0 }, types: { fast: { max: 5, used: 2 } } };
    expect(restoreQuotaError(quotas, [volume('a', 3, 'fast')], choose('a'))).toBeUndefined();
    expect(restoreQuotaError(quotas, [volume('a', 4, 'fast')], choose('a'))).toBe(notEnoughSpaceOn('fast'));
  });

  it('counts a volume under the type chosen for it, falling back to the original type', () => {
    const quotas = { total: { max: 100, used: 0 }, types: { fast: { max: 1, used: 0 }, lvm: { max: 100, used: 0 } } };
    expect(restoreQuotaError(quotas, [volume('a', 4, 'lvm')], choose('a'))).toBeUndefined();
    expect(restoreQuotaError(quotas, [volume('a', 4, 'lvm')], { a: { restore_name: 'a', restore_volume_type: 'fast' } })).toBe(notEnoughSpaceOn('fast'));
  });

  it('holds an unlimited type to what the total leaves, and names the type before the total', () => {
    const quotas = { total: { max: 10, used: 4 }, types: { lvm: { max: -1, used: 4 } } };
    expect(restoreQuotaError(quotas, [volume('a', 6)], choose('a'))).toBeUndefined();
    expect(restoreQuotaError(quotas, [volume('a', 7)], choose('a'))).toBe(notEnoughSpaceOn('lvm'));
  });

  it('refuses the total when no type is over, and leaves a total max of -1 unchecked', () => {
    const volumes = [volume('a', 6, null), volume('b', 5, null)];
    expect(restoreQuotaError({ total: { max: 10, used: 0 }, types: {} }, volumes, choose('a', 'b'))).toBe(NOT_ENOUGH_SPACE);
    expect(restoreQuotaError({ total: { max: -1, used: 50 }, types: { lvm: { max: -1, used: 0 } } }, volumes, choose('a', 'b'))).toBeUndefined();
  });

  it('the step starts with no disks, then asks for one, then clears (spec 3 §4.3)', () => {
    expect(restoreStepError(null, {}, null)).toBe(NOTHING_TO_RESTORE);
    expect(restoreStepError([], {}, null)).toBe(NOTHING_TO_RESTORE);
    expect(restoreStepError([volume('a', 1)], {}, null)).toBe(SELECT_A_DISK);
    expect(restoreStepError([volume('a', 1)], choose('a'), null)).toBeUndefined();
  });

  it('a chosen volume copies the original name, description, bootable flag and type (spec 3 §3.3)', () => {
    expect(restoreChoiceOf({ id: 'a', name: 'data', description: 'd', bootable: true, volume_type: 'lvm' })).toEqual({
      restore_name: 'data',
      restore_description: 'd',
      restore_bootable: true,
      restore_volume_type: 'lvm',
    });
  });
});

describe('notification templates both ways (spec 3 §3.3, §4.3)', () => {
  it('stores the full day as null, null and reads null as 0 and 23', () => {
    const values = { recipient: 'a@example.org', enabled: true, events: ['task_error'], postponedSending: false, sendTimeFrom: 0, sendTimeTo: 23, sendWeekDays: [0, 6] };
    const template = notificationPayload(values);
    expect(template.conditions).toEqual({ postponedSending: false, sendTimeFrom: null, sendTimeTo: null, sendWeekDays: '1000001' });
    expect(notificationPrefill(notificationRecord(template, 0))).toEqual(values);
  });

  it('keeps a partial window as numbers', () => {
    expect(notificationPayload({ recipient: 'a@example.org', sendTimeFrom: 8, sendTimeTo: 23, sendWeekDays: [4] }).conditions).toMatchObject({ sendTimeFrom: 8, sendTimeTo: 23, sendWeekDays: '0000100' });
  });

  it('masks week days Monday first', () => {
    expect(weekDayMask([])).toBe('0000000');
    expect(weekDayMask([0, 1, 2, 3, 4])).toBe('1111100');
  });
});

describe('plan schedule (spec 3 §9.3)', () => {
  it('reads back what it writes, weekday 0 being Sunday', () => {
    const plan = { name: 'p', description: '', enable: false, schedule: { type: 2 as const, hour: 7, minute: 5, weekday: 0 }, rotation_points: 3, vms: ['s'], volumes: [] };
    expect(planPayload(planPrefill(plan))).toEqual({ ...plan, job_type: 'backup' });
    expect(scheduleText(plan.schedule)).toBe('Weekly on Sunday at 07:05');
    expect(scheduleText({ type: 1, hour: 0, minute: 0, weekday: 1 })).toBe('Daily at 00:00');
  });
});
