import { describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../../server/login-limiter.js';

describe('login rate limit', () => {
  it('blocks a user name after the limit of failures within the window, and forgets them after it', () => {
    let now = 0;
    const limiter = new LoginLimiter(2, 1000, () => now);
    limiter.recordFailure('Demo', '1.2.3.4');
    expect(limiter.isBlocked('demo', '1.2.3.4')).toBe(false);
    limiter.recordFailure('demo', '1.2.3.4');
    expect(limiter.isBlocked('demo', '1.2.3.4')).toBe(true);
    now = 1001;
    expect(limiter.isBlocked('demo', '1.2.3.4')).toBe(false);
  });

  it('counts a user name whatever address the guesses come from', () => {
    const limiter = new LoginLimiter(3, 1000);
    for (const address of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) limiter.recordFailure('demo', address);
    expect(limiter.isBlocked('demo', '4.4.4.4')).toBe(true);
  });

  it('counts an address whatever user names it guesses', () => {
    const limiter = new LoginLimiter(3, 1000);
    for (const name of ['alice', 'bob', 'carol']) limiter.recordFailure(name, '1.2.3.4');
    expect(limiter.isBlocked('dave', '1.2.3.4')).toBe(true);
    expect(limiter.isBlocked('dave', '5.6.7.8')).toBe(false);
  });

  it("a successful login clears its user name's count but not its address's", () => {
    const limiter = new LoginLimiter(2, 1000);
    limiter.recordFailure('demo', 'a');
    limiter.recordFailure('other', 'a');
    limiter.recordSuccess('demo');
    expect(limiter.isBlocked('demo', 'b')).toBe(false);
    expect(limiter.isBlocked('someone', 'a')).toBe(true);
  });

  it('keeps a bounded number of counts, the oldest going first', () => {
    const limiter = new LoginLimiter(1, 1000, Date.now, 4);
    for (let index = 0; index < 10; index++) limiter.recordFailure(`user-${index}`, 'a');
    expect(limiter.isBlocked('user-9', 'z')).toBe(true);
    expect(limiter.isBlocked('user-0', 'z')).toBe(false);
  });
});
