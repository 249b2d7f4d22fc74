import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrchestrationService, heatResourceMsFromEnv } from '../../../emulator/orchestration/index.js';
import { SERVICES } from '../../../emulator/services.js';
import { startEmulator, type TestEmulator } from '../../support/emulator.js';
import { createStack, heat, type HeatCaller, heatCaller } from './support.js';

/** `EMULATOR_HEAT_RESOURCE_MS`: each resource of a stack stays CREATE_IN_PROGRESS that long at least, so a page can watch a stack being built. */

let cloud: TestEmulator;
let demo: HeatCaller;

beforeAll(async () => {
  const services = SERVICES.map((service) => (service.type === 'orchestration' ? createOrchestrationService({ resourceMs: 5000 }) : service));
  cloud = await startEmulator({ services });
  demo = await heatCaller(cloud);
});
afterAll(async () => {
  await cloud.close();
});

async function statuses(path: string): Promise<Record<string, string>> {
  const stack = (await heat(cloud, demo, 'GET', path)).json().stack as { stack_status: string };
  const resources = (await heat(cloud, demo, 'GET', `${path}/resources`)).json().resources as { resource_name: string; resource_status: string }[];
  return { stack: stack.stack_status, ...Object.fromEntries(resources.map((resource) => [resource.resource_name, resource.resource_status])) };
}

describe('the least time a stack resource spends in progress', () => {
  it('holds each resource CREATE_IN_PROGRESS for the time given, its dependents waiting, then completes the stack', async () => {
    const template = {
      heat_template_version: '2018-08-31',
      resources: { first: { type: 'OS::Heat::RandomString' }, second: { type: 'OS::Heat::RandomString', depends_on: ['first'] } },
    };
    const { path } = await createStack(cloud, demo, { stack_name: 'held', template });
    expect(await statuses(path)).toEqual({ stack: 'CREATE_IN_PROGRESS', first: 'CREATE_IN_PROGRESS', second: 'INIT_COMPLETE' });
    cloud.clock.advance(4);
    expect(await statuses(path)).toEqual({ stack: 'CREATE_IN_PROGRESS', first: 'CREATE_IN_PROGRESS', second: 'INIT_COMPLETE' });
    cloud.clock.advance(1);
    expect(await statuses(path)).toEqual({ stack: 'CREATE_IN_PROGRESS', first: 'CREATE_COMPLETE', second: 'CREATE_IN_PROGRESS' });
    cloud.clock.advance(5);
    expect(await statuses(path)).toEqual({ stack: 'CREATE_COMPLETE', first: 'CREATE_COMPLETE', second: 'CREATE_COMPLETE' });
  });

  it('reads the time from EMULATOR_HEAT_RESOURCE_MS, none when it is absent or not a number of milliseconds', () => {
    expect(heatResourceMsFromEnv({ EMULATOR_HEAT_RESOURCE_MS: '1500' })).toBe(1500);
    expect(heatResourceMsFromEnv({})).toBe(0);
    expect(heatResourceMsFromEnv({ EMULATOR_HEAT_RESOURCE_MS: '-3' })).toBe(0);
    expect(heatResourceMsFromEnv({ EMULATOR_HEAT_RESOURCE_MS: 'soon' })).toBe(0);
  });
});
