/**
 * Circuit breakers, one per service and origin. A service that did not answer
 * (refused the connection, or let the timeout run out) is reported down for a
 * short while: calls to it fail at once with the same 503, so one request, or
 * a page of ten, never waits a timeout per call. After the cool-down one call
 * goes through as a probe; its outcome closes the breaker or opens it again.
 * Each replica keeps its own: what it learns is about its own path to the service.
 */

export type Outcome = 'up' | 'down';

interface BreakerSettings {
  /** How long a service that did not answer is reported down before one call probes it. */
  cooldownMs: number;
  now: () => number;
}

const settings: BreakerSettings = { cooldownMs: 10_000, now: Date.now };
const breakers = new Map<string, Breaker>();

export function configureBreakers(options: Partial<BreakerSettings>): void {
  Object.assign(settings, options);
}

export class Breaker {
  /** Until when calls fail at once; 0 while the service answers. */
  private openUntil = 0;
  private probing = false;

  /** Throws `refusal()` while the service is known to be down; lets one probe through after the cool-down. */
  admit(refusal: () => Error): void {
    if (this.openUntil === 0) return;
    if (settings.now() < this.openUntil || this.probing) throw refusal();
    this.probing = true;
  }

  record(outcome: Outcome): void {
    this.probing = false;
    this.openUntil = outcome === 'down' ? settings.now() + settings.cooldownMs : 0;
  }

  get isOpen(): boolean {
    return this.openUntil !== 0;
  }
}

/** The breaker of `service` at the origin of `url` (services sharing a host still fail apart). */
export function breakerFor(service: string, url: string): Breaker {
  const key = `${service} ${new URL(url).origin}`;
  let breaker = breakers.get(key);
  if (!breaker) {
    breaker = new Breaker();
    breakers.set(key, breaker);
  }
  return breaker;
}
