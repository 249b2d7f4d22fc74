import { describe, expect, it } from 'vitest';
import { createPolicyApi } from '../../dataProviders/config';
import type { HttpClient } from '../../src/backend/http';

describe('policy checks (api-contract §2)', () => {
  it('sends the checks a page asks together as one /api/policy/ call and answers each its own verdict', async () => {
    const posts: unknown[] = [];
    const http = {
      async post(path: string, body: { checks: unknown[] }) {
        posts.push([path, body]);
        return { allowed: body.checks.map((_check, index) => index !== 1) };
      },
    } as unknown as HttpClient;
    const policy = createPolicyApi(http);
    const verdicts = await Promise.all([
      policy.check([['compute', 'os_compute_api:servers:create']]),
      policy.check([['identity', 'admin_required']]),
      policy.check([['compute', 'os_compute_api:os-keypairs:delete']], { user_id: 'u1' }),
    ]);
    expect(verdicts).toEqual([true, false, true]);
    expect(posts).toEqual([
      [
        '/api/policy/',
        {
          checks: [
            { rules: [['compute', 'os_compute_api:servers:create']] },
            { rules: [['identity', 'admin_required']] },
            { rules: [['compute', 'os_compute_api:os-keypairs:delete']], target: { user_id: 'u1' } },
          ],
        },
      ],
    ]);
  });

  it('fails every check of a batch whose call fails', async () => {
    const http = { post: async () => Promise.reject(new Error('offline')) } as unknown as HttpClient;
    const policy = createPolicyApi(http);
    const results = await Promise.allSettled([policy.check([['a', 'b']]), policy.check([['c', 'd']])]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
