import { afterEach, describe, expect, it } from 'vitest';
import { Breaker, configureBreakers } from '../../../server/openstack/breaker.js';

const refusal = () => new Error('The volume service is unavailable.');

describe('the circuit breaker of one service', () => {
  afterEach(() => configureBreakers({ cooldownMs: 10_000, now: Date.now }));

  it('lets calls through while the service answers', () => {
    const breaker = new Breaker();
    breaker.record('up');
    expect(() => breaker.admit(refusal)).not.toThrow();
  });

  it('refuses at once for the cool-down after the service did not answer, then lets one probe through', () => {
    let now = 0;
    configureBreakers({ cooldownMs: 1000, now: () => now });
    const breaker = new Breaker();
    breaker.record('down');
    expect(() => breaker.admit(refusal)).toThrow('The volume service is unavailable.');
    now = 1000;
    expect(() => breaker.admit(refusal)).not.toThrow(); // the probe
    expect(() => breaker.admit(refusal)).toThrow(); // others wait for its outcome
    breaker.record('up');
    expect(() => breaker.admit(refusal)).not.toThrow();
    expect(breaker.isOpen).toBe(false);
  });

  it('a probe that fails opens it for another cool-down', () => {
    let now = 0;
    configureBreakers({ cooldownMs: 1000, now: () => now });
    const breaker = new Breaker();
    breaker.record('down');
    now = 1000;
    breaker.admit(refusal);
    breaker.record('down');
    now = 1999;
    expect(() => breaker.admit(refusal)).toThrow();
  });
});
