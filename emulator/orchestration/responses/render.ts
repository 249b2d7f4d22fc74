import { shownValue } from '../models/parameters.js';
import type { Stack, StackEvent, StackResource } from '../models/stacks.js';
import { requiredBy } from '../models/template.js';

/** Heat's wire shapes: stacks, resources and events with their links; times as `2026-11-26T09:24:35Z`. */

export const heatTime = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));

export function stackUrl(base: string, stack: Stack): string {
  return `${base}/stacks/${stack.name}/${stack.id}`;
}

export function stackSummary(base: string, stack: Stack) {
  return {
    id: stack.id,
    links: [{ href: stackUrl(base, stack), rel: 'self' }],
    stack_name: stack.name,
    description: '',
    stack_status: `${stack.action}_${stack.status}`,
    stack_status_reason: stack.statusReason,
    creation_time: heatTime(stack.createdAt),
    updated_time: heatTime(stack.updatedAt),
    deletion_time: heatTime(stack.deletedAt),
    stack_owner: stack.owner,
    parent: null,
    stack_user_project_id: stack.projectId,
    tags: stack.tags,
  };
}

export function stackDetail(base: string, stack: Stack, description: string, outputs: unknown[]) {
  return {
    stack_name: stack.name,
    id: stack.id,
    links: [{ href: stackUrl(base, stack), rel: 'self' }],
    creation_time: heatTime(stack.createdAt),
    updated_time: heatTime(stack.updatedAt),
    deletion_time: heatTime(stack.deletedAt),
    notification_topics: [],
    parameters: {
      'OS::stack_id': stack.id,
      'OS::project_id': stack.projectId,
      'OS::stack_name': stack.name,
      ...Object.fromEntries(Object.entries(stack.parameters).map(([name, value]) => [name, shownValue(value)])),
    },
    description,
    template_description: description,
    capabilities: [],
    disable_rollback: stack.disableRollback,
    timeout_mins: stack.timeoutMins,
    stack_owner: stack.owner,
    parent: null,
    stack_user_project_id: stack.projectId,
    tags: stack.tags ?? [],
    stack_status: `${stack.action}_${stack.status}`,
    stack_status_reason: stack.statusReason,
    outputs,
  };
}

export function resourceView(base: string, stack: Stack, resource: StackResource, all: StackResource[]) {
  return {
    updated_time: heatTime(resource.updatedAt ?? resource.createdAt),
    creation_time: heatTime(resource.createdAt),
    logical_resource_id: resource.name,
    resource_name: resource.name,
    physical_resource_id: resource.physicalId ?? '',
    resource_status: `${resource.action}_${resource.status}`,
    resource_status_reason: resource.statusReason,
    resource_type: resource.type,
    links: [
      { href: `${stackUrl(base, stack)}/resources/${resource.name}`, rel: 'self' },
      { href: stackUrl(base, stack), rel: 'stack' },
    ],
    required_by: requiredBy(all, resource.name),
  };
}

export function eventView(base: string, stack: Stack, event: StackEvent) {
  const resourceUrl = `${stackUrl(base, stack)}/resources/${event.resourceName}`;
  return {
    id: event.id,
    links: [
      { href: `${resourceUrl}/events/${event.id}`, rel: 'self' },
      { href: resourceUrl, rel: 'resource' },
      { href: stackUrl(base, stack), rel: 'stack' },
    ],
    event_time: heatTime(event.createdAt),
    logical_resource_id: event.resourceName,
    resource_name: event.resourceName,
    physical_resource_id: event.physicalId,
    resource_status: `${event.action}_${event.status}`,
    resource_status_reason: event.reason,
  };
}
