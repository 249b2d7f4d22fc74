import { randomInt } from 'node:crypto';
import { physicalName, type ResourceType } from './types.js';

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

export const HEAT_TYPES: Record<string, ResourceType> = { 'OS::Heat::RandomString': randomString };
