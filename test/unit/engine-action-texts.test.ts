import { describe, expect, it } from 'vitest';
import { deleteTexts } from '../../src/engine/messages';
import { operationTexts } from '../../src/engine/operations';
import loadbalancer from '../../resources/loadbalancer';
import router from '../../resources/router';
import type { OperationAction } from '../../src/engine/actions';

describe('texts of deletes under another verb and of confirm actions', () => {
  it("names a delete by the resource's verb (Horizon's Release Floating IP)", () => {
    const labels = { singular: 'Floating IP', plural: 'Floating IPs', deleteVerb: { present: 'Release', past: 'Released' } };
    expect(deleteTexts(labels, ['172.24.4.10', '172.24.4.11'])).toEqual({
      title: 'Confirm Release Floating IPs',
      message: 'You have selected "172.24.4.10", "172.24.4.11". Released Floating IPs are not recoverable.',
      submit: 'Release Floating IPs',
      success: 'Released Floating IPs: 172.24.4.10, 172.24.4.11.',
      error: 'Unable to release Floating IPs: 172.24.4.10, 172.24.4.11.',
    });
  });

  it('keeps Delete / Deleted without a verb', () => {
    expect(deleteTexts({ singular: 'Router', plural: 'Routers' }, ['r1'])).toMatchObject({ title: 'Confirm Delete Router', submit: 'Delete Router', success: 'Deleted Router: r1.', error: 'Unable to delete Router: r1.' });
  });

  it("confirms Clear Gateway as Horizon's batch actions do, and words its outcome", () => {
    const clear = router.actions!.find((action) => action.id === 'clear-gateway') as OperationAction;
    expect(operationTexts(clear, ['r1'], 'Router is in use.')).toMatchObject({
      title: 'Confirm Clear Gateway',
      message: 'You have selected: "r1". Please confirm your selection. This action cannot be undone.',
      label: 'Clear Gateway',
      success: 'Cleared Gateway: r1',
      failure: 'Unable to clear gateway for router "r1": Router is in use.',
    });
  });

  it("words Disassociate Floating IP of a load balancer as spec 3 §8.1 does: 'Confirm Disassociate Floating IP Address', '…from load balancer: %s.'", () => {
    const disassociate = loadbalancer.actions!.find((action) => action.id === 'disassociate-fip') as OperationAction;
    expect(operationTexts(disassociate, ['lb1'], 'Conflict')).toMatchObject({
      title: 'Confirm Disassociate Floating IP Address',
      message: 'You have selected: "lb1". Please confirm your selection.',
      success: 'Disassociated floating IP address from load balancer: lb1.',
      failure: 'Unable to disassociate floating IP address from load balancer: lb1.',
    });
  });
});
