import { describe, expect, it } from 'vitest';
import instance from '../../resources/instance';
import type { OperationAction } from '../../src/engine/actions';
import { operationTexts } from '../../src/engine/operations';
import { isTransitional } from '../../src/engine/polling';
import { holdPageClock, timeSince } from '../../src/utils/dates';
import { makeInstance } from '../support/instance-records';

const stop: OperationAction = {
  id: 'stop',
  kind: 'operation',
  operation: 'stop',
  label: 'Shut Off Instance',
  labelPlural: 'Shut Off Instances',
  past: 'Shut Off Instance',
  pastPlural: 'Shut Off Instances',
  confirm: 'The instance(s) will be shut off.',
};

describe('operation actions’ texts (Horizon BatchAction)', () => {
  it('words one record in the singular', () => {
    expect(operationTexts(stop, ['web'])).toEqual({
      label: 'Shut Off Instance',
      title: 'Confirm Shut Off Instance',
      message: 'You have selected: "web". Please confirm your selection. The instance(s) will be shut off.',
      success: 'Shut Off Instance: web',
      failure: 'Unable to shut off instance: web',
      notAllowed: 'You are not allowed to shut off instance: web',
    });
  });

  it('words several records in the plural', () => {
    const texts = operationTexts(stop, ['a', 'b']);
    expect(texts.title).toBe('Confirm Shut Off Instances');
    expect(texts.message).toBe('You have selected: "a", "b". Please confirm your selection. The instance(s) will be shut off.');
    expect(texts.success).toBe('Shut Off Instances: a, b');
    expect(texts.failure).toBe('Unable to shut off instances: a, b');
  });

  it('has no success line without a past tense, and takes its own failure text', () => {
    const confirm: OperationAction = { id: 'c', kind: 'operation', operation: 'confirm_resize', label: 'Confirm Resize/Migrate', failure: 'Unable to confirm resize instance "{name}".' };
    expect(operationTexts(confirm, ['web']).success).toBeUndefined();
    expect(operationTexts(confirm, ['web']).failure).toBe('Unable to confirm resize instance "web".');
  });
});

describe('Age (Django timesince)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('gives the largest unit and the next one when it is not zero', () => {
    expect(timeSince('2026-11-23T11:59:30Z', now)).toBe('0 minutes');
    expect(timeSince('2026-11-23T11:59:00Z', now)).toBe('1 minute');
    expect(timeSince('2026-11-23T10:55:00Z', now)).toBe('1 hour, 5 minutes');
    expect(timeSince('2026-11-20T10:00:00Z', now)).toBe('3 days, 2 hours');
    expect(timeSince('2026-11-09T12:00:00Z', now)).toBe('2 weeks');
    expect(timeSince('2024-10-23T12:00:00Z', now)).toBe('2 years, 1 month');
    expect(timeSince('garbage', now)).toBe('');
  });

  it('reads the clock a drawn page was drawn with while it is drawn and taken over, so the server and the browser say the same across a minute', () => {
    holdPageClock(now.getTime());
    try {
      expect(timeSince('2026-11-23T11:59:00Z')).toBe('1 minute');
    } finally {
      holdPageClock(null);
    }
    expect(timeSince('2026-11-23T11:59:00Z')).not.toBe('1 minute');
  });
});

describe('instance polling (Horizon status columns)', () => {
  it('polls while the status is unsettled or a task runs, but not while a resize waits for a verdict', () => {
    expect(isTransitional(instance, makeInstance({ status: 'BUILD' }))).toBe(true);
    expect(isTransitional(instance, makeInstance({ status: 'REBOOT' }))).toBe(true);
    expect(isTransitional(instance, makeInstance({ status: 'HARD_REBOOT' }))).toBe(true);
    expect(isTransitional(instance, makeInstance({ status: 'RESIZE' }))).toBe(true);
    expect(isTransitional(instance, makeInstance({ status: 'ACTIVE', 'OS-EXT-STS:task_state': 'deleting' }))).toBe(true);
    expect(isTransitional(instance, makeInstance({ status: 'ACTIVE' }))).toBe(false);
    expect(isTransitional(instance, makeInstance({ status: 'SHUTOFF' }))).toBe(false);
    expect(isTransitional(instance, makeInstance({ status: 'VERIFY_RESIZE' }))).toBe(false);
    expect(isTransitional(instance, makeInstance({ status: 'ERROR' }))).toBe(false);
  });
});
