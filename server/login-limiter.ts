/**
 * Counts failed logins per user name and client address in a sliding window,
 * so a password cannot be guessed at speed (api-contract: login is
 * rate-limited). A successful login clears the count.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(username: string, address: string): boolean {
    return this.recent(this.key(username, address)).length >= this.limit;
  }

  recordFailure(username: string, address: string): void {
    const key = this.key(username, address);
    this.failures.set(key, [...this.recent(key), this.now()]);
  }

  recordSuccess(username: string, address: string): void {
    this.failures.delete(this.key(username, address));
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((time) => time > cutoff);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  private key(username: string, address: string): string {
    return `${username.toLowerCase()}\u0000${address}`;
  }
}
