/**
 * Counts failed logins per user name and, apart, per client address in a
 * sliding window, so a password cannot be guessed at speed (api-contract:
 * login is rate-limited per user name and client address). Counting them
 * apart means neither a new address (another X-Forwarded-For) nor another
 * user name starts a fresh count. A successful login clears its user name's
 * count, not its address's: one good account must not reset the guessing of others.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    /** Counts kept at most; the oldest go first, so random user names cannot grow memory without bound. */
    private readonly maxKeys = 50_000,
  ) {}

  isBlocked(username: string, address: string): boolean {
    return this.recent(userKey(username)).length >= this.limit || this.recent(addressKey(address)).length >= this.limit;
  }

  recordFailure(username: string, address: string): void {
    for (const key of [userKey(username), addressKey(address)]) {
      const times = [...this.recent(key), this.now()];
      this.failures.delete(key); // re-inserted last: the map's order is oldest first
      this.failures.set(key, times);
    }
    while (this.failures.size > this.maxKeys) this.failures.delete(this.failures.keys().next().value!);
  }

  recordSuccess(username: string): void {
    this.failures.delete(userKey(username));
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((time) => time > cutoff);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }
}

const userKey = (username: string) => `user\u0000${username.toLowerCase()}`;
const addressKey = (address: string) => `address\u0000${address}`;
