import { describe, expect, it } from 'vitest';
import { makeClock, makeDataDir, removeDataDir, startEmulator } from '../../support/emulator.js';
import { createStack, heat, heatCaller, settle } from './support.js';

/** Heat's state is in SQLite: a stack caught in progress by a restart carries on, and a finished one is still there. */

describe('stacks across a restart', () => {
  it('finishes a stack that was in progress when the cloud stopped, with its events kept', async () => {
    const dataDir = makeDataDir();
    const clock = makeClock();
    try {
      const first = await startEmulator({ dataDir, clock });
      const demo = await heatCaller(first);
      const template = { heat_template_version: '2018-08-31', resources: { server: { type: 'OS::Nova::Server', properties: { image: 'tiny-boot', flavor: 'm1.tiny', networks: [{ network: 'private' }] } } } };
      const { id, path } = await createStack(first, demo, { stack_name: 'restarted', template });
      expect((await heat(first, demo, 'GET', path)).json().stack.stack_status).toBe('CREATE_IN_PROGRESS');
      await first.close();

      const second = await startEmulator({ dataDir, clock });
      try {
        const again = await heatCaller(second);
        const stack = await settle(second, again, path);
        expect(stack).toMatchObject({ id, stack_status: 'CREATE_COMPLETE' });
        const events = (await heat(second, again, 'GET', `${path}/events?sort_dir=asc`)).json().events as { resource_status: string }[];
        expect(events[0]!.resource_status).toBe('CREATE_IN_PROGRESS');
        expect(events.at(-1)!.resource_status).toBe('CREATE_COMPLETE');
      } finally {
        await second.close();
      }
    } finally {
      removeDataDir(dataDir);
    }
  });
});
