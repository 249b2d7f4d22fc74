import { describe, expect, it } from 'vitest';
import { offeredToListener } from '../../dataProviders/lbaas';
import { freeListenerPort, lbWizardSteps } from '../../resources/shared/lbaas';

/** Spec 3 §2.3 step subsets, §9.1 listener port default, §5.1 pool choices. */
describe('load balancer wizard steps (spec 3 §2.3)', () => {
  it('a subset restricts the wizard to its steps, in the full order, without the toggle of what it always creates', () => {
    const steps = lbWizardSteps(['monitor', 'pool', 'members'], ['pool_protocol']);
    expect(steps.map((step) => step.title)).toEqual(['Pool Details', 'Pool Members', 'Monitor Details']);
    expect(steps[0].fields).not.toContain('create_pool');
    expect(steps[0].fields).toContain('pool_protocol');
    expect(steps[2].fields).toContain('create_monitor');
  });

  it('if the subset matches nothing, all steps show, the certificates step only for TERMINATED_HTTPS', () => {
    const steps = lbWizardSteps(['nothing']);
    expect(steps.map((step) => step.title)).toEqual(['Load Balancer Details', 'Listener Details', 'Pool Details', 'Pool Members', 'Monitor Details', 'SSL Certificates']);
    expect(steps[1].fields).toContain('create_listener');
    expect(steps[2].fields).not.toContain('pool_protocol');
    expect(steps[5].when).toEqual({ field: 'listener_protocol', values: ['TERMINATED_HTTPS'] });
  });
});

describe('listener port default and pool choices (spec 3 §9.1, §5.1)', () => {
  it('the default listener port is raised by 1 while already used by another listener', () => {
    expect(freeListenerPort(80, [])).toBe(80);
    expect(freeListenerPort(80, [{ protocol_port: 80 }, { protocol_port: 81 }, { protocol_port: 443 }])).toBe(82);
    expect(freeListenerPort(443, [{ protocol_port: 80 }, { protocol_port: 443 }])).toBe(444);
  });

  it('a listener is offered pools of its protocol (HTTP for TERMINATED_HTTPS) that belong to no other listener', () => {
    const tls = { id: 'l1', protocol: 'TERMINATED_HTTPS' };
    expect(offeredToListener({ id: 'p', protocol: 'HTTP', listeners: [] }, tls)).toBe(true);
    expect(offeredToListener({ id: 'p', protocol: 'HTTP', listeners: [{ id: 'l1' }] }, tls)).toBe(true);
    expect(offeredToListener({ id: 'p', protocol: 'HTTP', listeners: [{ id: 'l2' }] }, tls)).toBe(false);
    expect(offeredToListener({ id: 'p', protocol: 'HTTPS', listeners: [] }, tls)).toBe(false);
    expect(offeredToListener({ id: 'p', protocol: 'TCP', listener_id: 'l2' }, { id: 'l3', protocol: 'TCP' })).toBe(false);
  });
});
