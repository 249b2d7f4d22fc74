/**
 * The data provider verbs the engine calls beyond react-admin's (metadata,
 * a record's named calls, service features) and the records it sorts; the
 * app's providers (`dataProviders/resource-provider.ts`) implement them.
 */
import type { DataProvider, GetListParams } from 'ra-core';

/** A record as the engine sees it: JSON with a string `id`. */
export type ResourceRecord = Record<string, unknown> & { id: string };

/** The PATCH body of every metadata route (api-contract §1.7). */
export interface MetadataChanges {
  updated: Record<string, string>;
  removed: string[];
}

/**
 * Upload progress as the create meta's `onProgress` receives it: -1 before
 * any byte is sent, then whole percents up to 100 (spec 2 §4).
 */
export type UploadProgress = (percent: number) => void;

/** The data provider's metadata verbs, which ra-core does not define. */
export interface MetadataVerbs {
  getMetadata(resource: string, params: { id: string }): Promise<{ data: Record<string, unknown> }>;
  updateMetadata(resource: string, params: { id: string; data: MetadataChanges }): Promise<{ data: null }>;
}

/**
 * The metadata verbs of a data provider; a provider without them rejects,
 * as any other unsupported verb does.
 */
export function metadataVerbs(dataProvider: DataProvider): MetadataVerbs {
  const verbs = dataProvider as Partial<MetadataVerbs>;
  const missing = (verb: string) => (resource: string) => Promise.reject(new Error(`${verb} is not supported for ${resource}`));
  return {
    getMetadata: verbs.getMetadata?.bind(dataProvider) ?? missing('getMetadata'),
    updateMetadata: verbs.updateMetadata?.bind(dataProvider) ?? missing('updateMetadata'),
  };
}

/** The parameters of the data provider's `call` verb: which call, on which record, with what input. */
export interface CallParams {
  id: string;
  name: string;
  data?: Record<string, unknown>;
}

/**
 * The data provider's `call` verb (a record's named call, see
 * `ResourceHandlers.calls`), which ra-core does not define; a provider
 * without it rejects.
 *
 * @example
 * const { data } = await resourceCall(dataProvider)('instance', { id, name: 'console-output', data: { length: 35 } });
 */
export function resourceCall(dataProvider: DataProvider): (resource: string, params: CallParams) => Promise<{ data: unknown }> {
  const call = (dataProvider as { call?: (resource: string, params: CallParams) => Promise<{ data: unknown }> }).call;
  return call ? call.bind(dataProvider) : (resource) => Promise.reject(new Error(`call is not supported for ${resource}`));
}

/**
 * Whether the service serving `resource` has `feature`: the data provider's
 * extra `supports` verb. A provider without it, or a failing call, says no.
 *
 * @example
 * await supportsFeature(dataProvider, 'server-group', 'servergroup_soft_policies'); // true on Nova ≥ 2.15
 */
export async function supportsFeature(dataProvider: DataProvider, resource: string, feature: string): Promise<boolean> {
  const supports = (dataProvider as { supports?: (resource: string, params: { feature: string }) => Promise<{ data: boolean }> }).supports;
  if (typeof supports !== 'function') return false;
  try {
    return (await supports(resource, { feature })).data === true;
  } catch {
    return false;
  }
}

/** Sorts by one field; text compares naturally ('key10' after 'key9'), blanks last. */
export function sortRecords<T extends Record<string, unknown>>(records: T[], sort: GetListParams['sort']): T[] {
  if (!sort?.field) return records;
  const direction = sort.order === 'DESC' ? -1 : 1;
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return [...records].sort((a, b) => {
    const left = a[sort.field];
    const right = b[sort.field];
    if (left == null || left === '') return right == null || right === '' ? 0 : 1;
    if (right == null || right === '') return -1;
    if (typeof left === 'number' && typeof right === 'number') return (left - right) * direction;
    return collator.compare(String(left), String(right)) * direction;
  });
}
