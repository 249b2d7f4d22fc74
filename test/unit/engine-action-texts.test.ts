import { describe, expect, it } from 'vitest';
import { confirmTexts, deleteTexts } from '../../src/engine/messages';

describe('texts of deletes under another verb and of confirm actions', () => {
  it("names a delete by the resource's verb (Horizon's Release Floating IP)", () => {
    const labels = { singular: 'Floating IP', plural: 'Floating IPs', deleteVerb: { present: 'Release', past: 'Released' } };
    expect(deleteTexts(labels, ['172.24.4.10', '172.24.4.11'])).toEqual({
      title: 'Confirm Release Floating IPs',
      message: 'You have selected "172.24.4.10", "172.24.4.11". Released Floating IP is not recoverable.',
      submit: 'Release Floating IPs',
      success: 'Released Floating IP: 172.24.4.10, 172.24.4.11.',
      error: 'Unable to release Floating IP: 172.24.4.10, 172.24.4.11.',
    });
  });

  it('keeps Delete / Deleted without a verb', () => {
    expect(deleteTexts({ singular: 'Router', plural: 'Routers' }, ['r1'])).toMatchObject({ title: 'Confirm Delete Router', submit: 'Delete Router', success: 'Deleted Router: r1.', error: 'Unable to delete Router: r1.' });
  });

  it("confirms a change as Horizon's batch actions do", () => {
    expect(confirmTexts('Clear Gateway', ['r1'])).toEqual({
      title: 'Confirm Clear Gateway',
      message: 'You have selected: "r1". Please confirm your selection. This action cannot be undone.',
      submit: 'Clear Gateway',
    });
  });
});
