/**
 * Where a form's choice lists come from, by name, so a schema can say
 * `"x-transferTable": { "source": "projects" }` without code. The engine
 * knows `projects`, `roles` and `resource:<name>` (any registered resource
 * through its data provider); the app plugs in the rest (`optionSources` of
 * `EnginePlugins`, e.g. dataProviders/option-sources.ts).
 */
import { useCallback } from 'react';
import type { Backend } from '../backend/contract';
import { useBackend } from '../engine/context';
import { usePlugins } from '../plugins';
import type { TransferItem } from '../transfer/model';

export type OptionSource = (backend: Backend) => Promise<TransferItem[]>;

/** The engine's own sources, over the identity API every backend has. */
export const ENGINE_OPTION_SOURCES: Record<string, OptionSource> = {
  /** Every Keystone project, as Horizon offers them to an admin (flavor access, spec 2 §2.3). */
  projects: async (backend) => (await backend.identity.listProjects()).map((project) => ({ id: project.id, label: project.name })),
  /** Keystone roles (a new user's role, spec 3 §3.2). */
  roles: async (backend) => (await backend.identity.listRoles()).map((role) => ({ id: role.id, label: role.name })),
};

/** What narrows a `resource:` source: provider filters (`{field}` filled from the form's record) and the label field. */
export interface OptionQuery {
  filter?: Record<string, string>;
  /** The record field shown as the choice's label, and the choices' order. Default: labelled by `name` (else the id), in id order. */
  labelField?: string;
}

/**
 * Loads the items of a named source.
 *
 * @example
 * await loadOptions('projects', backend);       // [{ id: 'p1', label: 'demo' }, …]
 * await loadOptions('resource:flavor', backend); // every flavor, labelled by name
 * await loadOptions('resource:floating-ip-target', backend, { filter: { floating_ip_id: 'f1' } });
 * await loadOptions('volume-types', backend, {}, plugins.optionSources); // a source the app plugs in
 */
export async function loadOptions(source: string, backend: Backend, query: OptionQuery = {}, plugged: Readonly<Record<string, OptionSource>> = {}): Promise<TransferItem[]> {
  if (source.startsWith('resource:')) {
    const resource = source.slice('resource:'.length);
    const labelField = query.labelField ?? 'name';
    const { data } = await backend.dataProvider.getList(resource, { pagination: { page: 1, perPage: 1000 }, sort: { field: query.labelField ?? 'id', order: 'ASC' }, filter: query.filter ?? {} });
    return data.map((record) => ({ id: String(record.id), label: String(record[labelField] ?? record.name ?? record.id) }));
  }
  const load = plugged[source] ?? ENGINE_OPTION_SOURCES[source];
  if (!load) throw new Error(`No option source named '${source}' (src/forms/option-sources.ts or the app's optionSources)`);
  return load(backend);
}

/**
 * `loadOptions` over the app's backend and plugged-in sources, the same
 * function while they stay the same (an effect's dependency).
 *
 * @example
 * const load = useOptionLoader();
 * useEffect(() => { load('projects').then(setItems); }, [load]);
 */
export function useOptionLoader(): (source: string, query?: OptionQuery) => Promise<TransferItem[]> {
  const backend = useBackend();
  const { optionSources } = usePlugins();
  return useCallback((source: string, query?: OptionQuery) => loadOptions(source, backend, query, optionSources), [backend, optionSources]);
}
