import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../../server/login-limiter.js';

describe('login rate limit', () => {
  it('blocks a user name and address after the limit of failures within the window, and forgets them after it', () => {
    let now = 0;
    const limiter = new LoginLimiter(2, 1000, () => now);
    limiter.recordFailure('Demo', '1.2.3.4');
    expect(limiter.isBlocked('demo', '1.2.3.4')).toBe(false);
    limiter.recordFailure('demo', '1.2.3.4');
    expect(limiter.isBlocked('demo', '1.2.3.4')).toBe(true);
    expect(limiter.isBlocked('demo', '5.6.7.8')).toBe(false);
    now = 1001;
    expect(limiter.isBlocked('demo', '1.2.3.4')).toBe(false);
  });

  it('a successful login clears the count', () => {
    const limiter = new LoginLimiter(1, 1000);
    limiter.recordFailure('demo', 'a');
    limiter.recordSuccess('demo', 'a');
    expect(limiter.isBlocked('demo', 'a')).toBe(false);
  });
});
