/**
 * Default validation texts of spec 1 §5 ("schema form messages"), worded as
 * Horizon's schema forms word them. A schema's own `errorMessage` (ajv-errors)
 * always wins over these.
 */
export interface MessageContext {
  /** The field's title, e.g. 'Key Pair Name'. */
  title: string;
  /** The value that failed. */
  value: unknown;
  /** ajv's error params (limit, missingProperty, …). */
  params: Record<string, unknown>;
}

export const DEFAULT_MESSAGE = 'The data in this field is invalid';

const MESSAGES: Record<string, (context: MessageContext) => string> = {
  type: ({ params }) => `Invalid type, expected ${String(params.type)}`,
  enum: ({ value }) => `No enum match for: ${String(value)}`,
  multipleOf: ({ value, params }) => `${String(value)} is not a multiple of ${String(params.multipleOf)}`,
  minimum: ({ value, params }) => `${String(value)} is less than the allowed minimum of ${String(params.limit)}`,
  exclusiveMinimum: ({ value, params }) => `${String(value)} is equal to the exclusive minimum ${String(params.limit)}`,
  maximum: ({ value, params }) => `${String(value)} is greater than the allowed maximum of ${String(params.limit)}`,
  exclusiveMaximum: ({ value, params }) => `${String(value)} is equal to the exclusive maximum ${String(params.limit)}`,
  minLength: ({ title, value, params }) => `${title} is too short (${String(value).length} characters), minimum ${String(params.limit)}`,
  maxLength: ({ title, value, params }) => `${title} is too long (${String(value).length} characters), maximum ${String(params.limit)}`,
  pattern: ({ title }) => `${title} is formatted incorrectly`,
  minProperties: ({ params }) => `Too few properties defined, minimum ${String(params.limit)}`,
  maxProperties: ({ params }) => `Too many properties defined, maximum ${String(params.limit)}`,
  required: ({ title }) => `${title} is a required field`,
  additionalProperties: () => 'Additional properties not allowed',
  minItems: ({ value, params }) => `Array is too short (${Array.isArray(value) ? value.length : 0} items), minimum ${String(params.limit)}`,
  maxItems: ({ value, params }) => `Array is too long (${Array.isArray(value) ? value.length : 0} items), maximum ${String(params.limit)}`,
  uniqueItems: () => 'Array items must be unique',
  format: () => 'Format validation failed',
};

/**
 * The text for one failed keyword.
 *
 * @example
 * defaultMessage('pattern', { title: 'Key Pair Name', value: 'a~b', params: {} }); // 'Key Pair Name is formatted incorrectly'
 */
export function defaultMessage(keyword: string, context: MessageContext): string {
  return MESSAGES[keyword]?.(context) ?? DEFAULT_MESSAGE;
}

/** Spec 1 §8: a modal form whose submit failed without a specific message from the server. */
export const SUBMIT_FAILED_MESSAGE = 'There was an error submitting the form. Please try again.';
