import { type DataProvider, HttpError } from 'ra-core';
import type { HttpClient } from '../src/backend/http';
import type { ResourceRecord } from '../src/backend/verbs';
import { createServiceProvider } from './resource-provider';
import type { StackEntity } from '../shared/generated';

/** A stack as Heat answers it (api-contract §14.9): the schema's entity without what `stackRecord` adds. */
export type NativeStack = Omit<StackEntity, 'status_label' | 'parameter_list'>;

/** "CREATE_IN_PROGRESS" → "Create In Progress", as heat-dashboard's status column shows it. */
export function statusLabel(status: string): string {
  return status
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The stack as the descriptor reads it: its name, the status label, and the user's parameters as rows (Heat's OS:: pseudo parameters left out). */
export function stackRecord(stack: NativeStack): ResourceRecord {
  return {
    ...stack,
    name: stack.stack_name,
    status_label: statusLabel(stack.stack_status),
    parameter_list: Object.entries(stack.parameters ?? {})
      .filter(([name]) => !name.startsWith('OS::'))
      .map(([name, value]) => ({ name, value })),
  };
}

/** Whether Heat is still working on the stack (the list and the topology poll while it is). */
export const stackBusy = (stack: { stack_status?: unknown }) => String(stack.stack_status ?? '').endsWith('IN_PROGRESS');

/**
 * The body of a launch, preview or change: the template as text (typed, or a
 * file's contents) or its URL, and the parameter values. Values stay as the
 * form holds them; Heat converts them by the parameters' types.
 */
export function stackBody(values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (values.stack_name !== undefined) body.stack_name = values.stack_name;
  if (values.template_source === 'url') body.template_url = values.template_url;
  else if (typeof values.template_data === 'string' && values.template_data.trim()) body.template = values.template_data;
  if (values.environment_data) body.environment = values.environment_data;
  if (values.parameters && typeof values.parameters === 'object') body.parameters = values.parameters;
  if (typeof values.timeout_mins === 'number') body.timeout_mins = values.timeout_mins;
  if (values.rollback !== undefined) body.disable_rollback = values.rollback !== true;
  return body;
}

const stackPath = (id: string) => `/api/heat/stacks/${encodeURIComponent(id)}/`;

/**
 * `/api/heat/` (issue 19): the `stack` resource, and its named calls: check,
 * suspend, resume (the operations), validate and preview (the launch
 * wizard), change (Change Template), resources, events and template (the
 * details' tabs).
 */
export function createHeatProvider(http: HttpClient): DataProvider {
  const stackList = (params: { filter?: Record<string, unknown> }) => {
    const stackId = String(params.filter?.stack_id ?? '');
    if (!stackId) throw new Error('A stack resource or event list needs the stack_id filter.');
    return stackId;
  };
  return createServiceProvider('heat', {
    // The stack details' Resources tab: a resource is known by stack and name.
    'stack-resource': {
      async list(params) {
        const stackId = stackList(params);
        const items = (await http.get<{ items: Record<string, unknown>[] }>(`${stackPath(stackId)}resources/`, { signal: params.signal })).items;
        return items.map((item) => ({ ...item, id: `${stackId}/${String(item.resource_name)}`, stack_id: stackId, status_label: statusLabel(String(item.resource_status)) }));
      },
      serverFilters: ['stack_id'],
    },
    // The Events tab, newest first as Heat lists them.
    'stack-event': {
      async list(params) {
        const stackId = stackList(params);
        const items = (await http.get<{ items: Record<string, unknown>[] }>(`${stackPath(stackId)}events/`, { signal: params.signal })).items;
        return items.map((item) => ({ ...item, id: String(item.id), stack_id: stackId, status_label: statusLabel(String(item.resource_status)) }));
      },
      serverFilters: ['stack_id'],
    },
    stack: {
      async list(params) {
        return (await http.get<{ items: NativeStack[] }>('/api/heat/stacks/', { signal: params.signal })).items.map(stackRecord);
      },
      // Heat still shows a deleted stack by id; for the dashboard it is gone (heat-dashboard's row update answers 404), so a polled row leaves the list.
      async get(id) {
        const stack = await http.get<NativeStack>(stackPath(id));
        if (stack.stack_status === 'DELETE_COMPLETE') throw new HttpError('The stack was deleted.', 404, 'The stack was deleted.');
        return stackRecord(stack);
      },
      async create(data) {
        const created = await http.post<{ id: string; stack_name: string }>('/api/heat/stacks/', stackBody(data));
        return { ...created, name: created.stack_name };
      },
      async remove(id) {
        await http.delete(stackPath(id));
      },
      calls: {
        check: (id) => http.post(`${stackPath(id)}actions/`, { action: 'check' }),
        suspend: (id) => http.post(`${stackPath(id)}actions/`, { action: 'suspend' }),
        resume: (id) => http.post(`${stackPath(id)}actions/`, { action: 'resume' }),
        change: (id, data = {}) => http.put(stackPath(id), stackBody(data)),
        template: (id) => http.get(`${stackPath(id)}template/`),
        // The stack topology's nodes (api-contract §12).
        topology: (id) => http.get(`/project/stacks/get_d3_data/${encodeURIComponent(id)}/`),
        // Not about a stack: the id is ignored ('-'); the launch wizard's template step and its preview.
        validate: (_id, data = {}) => http.post('/api/heat/validate/', stackBody(data)),
        preview: (_id, data = {}) => http.post('/api/heat/stacks/preview/', stackBody(data)),
      },
    },
  });
}
