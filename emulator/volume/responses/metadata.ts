import { BadRequest } from '../../core/errors.js';

/** Cinder's `metadata` parameter type: string keys of 1–255 characters, string values up to 255. */
export const METADATA = {
  type: 'object',
  patternProperties: {
    '^[a-zA-Z0-9-_:. /]{1,255}$': { type: 'string', maxLength: 255 },
  },
  additionalProperties: false,
};

/**
 * The `metadata` list filter, a Python dict literal (`{'k': 'v'}`) or JSON
 * that Cinder reads with `ast.literal_eval`.
 */
export function parseMetadataFilter(text: string | undefined): Record<string, string> | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text.replace(/'/g, '"'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([key, value]) => [key, String(value)]));
    }
  } catch {
    // fall through
  }
  throw new BadRequest(`Invalid input received: Invalid filter metadata: ${text}`);
}
