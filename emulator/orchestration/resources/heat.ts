import { randomInt } from 'node:crypto';
import { physicalName, type ResourceType, updatable } from './types.js';

const CLASSES: Record<string, string> = {
  lettersdigits: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  letters: 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  lowercase: 'abcdefghijklmnopqrstuvwxyz',
  uppercase: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  digits: '0123456789',
  hexdigits: '0123456789abcdef',
  octdigits: '01234567',
};

/** OS::Heat::RandomString: a value made once and kept; nothing outside Heat exists. */
const randomString: ResourceType = {
  properties: { length: { default: 32 }, sequence: {}, character_classes: {}, character_sequences: {}, salt: {} },
  async create(context, values) {
    const classes = (values.character_classes as { class: string }[] | undefined)?.map((entry) => CLASSES[entry.class] ?? '').join('');
    const alphabet = classes || CLASSES[String(values.sequence ?? 'lettersdigits')] || CLASSES.lettersdigits!;
    const length = Number(values.length ?? 32);
    let value = '';
    for (let index = 0; index < length; index++) value += alphabet[randomInt(alphabet.length)];
    return { physicalId: physicalName(context), data: { value } };
  },
  remove: async () => {},
  attributes: async (_context, _id, data) => ({ value: data.value }),
};

/** Heat's failure of a TestResource asked to fail (its handle_create raises ValueError). */
function testFailure(name: string, values: Record<string, unknown>): void {
  if (values.fail === true || String(values.fail).toLowerCase() === 'true') throw Object.assign(new Error(`Test Resource failed ${name}`), { type: 'ValueError' });
}

/**
 * OS::Heat::TestResource, Heat's own resource for tests (heat-tempest-plugin's
 * templates use it): it keeps `value` as its `output` attribute, fails when
 * `fail` is true, and changes value and fail in place; nothing outside Heat
 * exists. The waits it can be given (wait_secs and the like) are not waited.
 */
const testResource: ResourceType = updatable(
  {
    properties: {
      value: { default: 'test_string' },
      update_replace: { default: false },
      fail: { default: false },
      client_name: { default: '' },
      entity_name: { default: '' },
      wait_secs: { default: 0 },
      action_wait_secs: {},
      attr_wait_secs: { default: 0 },
      constraint_prop_secs: { default: 0 },
      update_replace_value: {},
    },
    async create(context, values) {
      testFailure(context.resourceName, values);
      return { physicalId: physicalName(context), data: { value: values.value } };
    },
    remove: async () => {},
    attributes: async (_context, _id, data) => ({ output: data.value }),
  },
  ['value', 'fail', 'wait_secs', 'action_wait_secs'],
  async (context, _id, changes, data) => {
    testFailure(context.resourceName, changes);
    if ('value' in changes) data.value = changes.value ?? 'test_string';
  },
);

export const HEAT_TYPES: Record<string, ResourceType> = { 'OS::Heat::RandomString': randomString, 'OS::Heat::TestResource': testResource };
