import schema from '../schemas/stack.schema.json';
import { defineResource } from '../src/descriptor';
import type { StackEntity } from '../shared/generated';

const busy = (stack: StackEntity) => String(stack.stack_status).endsWith('IN_PROGRESS');

/**
 * Heat stacks (issue 19, heat-dashboard's Stacks panel): the list polled
 * while a stack is in progress; Launch Stack, Preview Stack and Change
 * Template are the custom wizard (custom/stacks/, its parameters step is made
 * from the template); Check, Suspend, Resume and Delete act on rows; the
 * details have the d3 Topology, the Overview with parameters and outputs,
 * and the Resources, Events and Template tabs.
 */
export default defineResource<StackEntity>({
  name: 'stack',
  type: 'OS::Heat::Stack',
  service: 'heat',
  serviceType: 'orchestration',
  schema,
  nameField: 'stack_name',
  labels: { singular: 'Stack', plural: 'Stacks' },
  panel: { dashboard: 'project', group: 'Orchestration', label: 'Stacks', path: '/project/stacks' },
  columns: [
    { field: 'stack_name', defaultSort: 'asc', link: 'detail' },
    { field: 'creation_time' },
    { field: 'updated_time', priority: 2 },
    { field: 'status_label' },
  ],
  poll: { when: busy },
  facets: [{ name: 'stack_name', label: 'Stack Name', singleton: true }],
  actions: [
    { id: 'launch', kind: 'link', label: 'Launch Stack', to: '/project/stacks/launch', placement: 'toolbar', policy: [['orchestration', 'stacks:create']] },
    { id: 'preview', kind: 'link', label: 'Preview Stack', to: '/project/stacks/preview', placement: 'toolbar', policy: [['orchestration', 'stacks:preview']] },
    {
      id: 'check',
      kind: 'operation',
      operation: 'check',
      label: 'Check Stack',
      labelPlural: 'Check Stacks',
      past: 'Checked Stack',
      pastPlural: 'Checked Stacks',
      placement: ['row', 'batch'],
      allowed: (stack) => !busy(stack),
    },
    {
      id: 'suspend',
      kind: 'operation',
      operation: 'suspend',
      label: 'Suspend Stack',
      labelPlural: 'Suspend Stacks',
      past: 'Suspended Stack',
      pastPlural: 'Suspended Stacks',
      placement: ['row', 'batch'],
      allowed: (stack) => !busy(stack) && stack.stack_status !== 'SUSPEND_COMPLETE',
    },
    {
      id: 'resume',
      kind: 'operation',
      operation: 'resume',
      label: 'Resume Stack',
      labelPlural: 'Resume Stacks',
      past: 'Resumed Stack',
      pastPlural: 'Resumed Stacks',
      placement: ['row', 'batch'],
      allowed: (stack) => stack.stack_status === 'SUSPEND_COMPLETE',
    },
    { id: 'change', kind: 'link', label: 'Change Stack Template', to: '/project/stacks/{id}/change_template', allowed: (stack) => !busy(stack) },
    { id: 'delete', kind: 'delete', placement: ['row', 'batch'], allowed: (stack) => stack.stack_status !== 'DELETE_IN_PROGRESS' },
  ],
  detail: {
    tabs: [
      { id: 'topology', label: 'Topology', fields: [], component: 'stack-topology' },
      {
        id: 'overview',
        label: 'Overview',
        fields: ['stack_name', 'id', 'description', 'status_label', 'stack_status_reason', 'creation_time', 'updated_time', 'stack_owner', 'disable_rollback', 'timeout_mins'],
        code: ['id'],
        component: 'stack-overview',
      },
      { id: 'resources', label: 'Resources', fields: [], resource: { name: 'stack-resource', filter: { stack_id: '{id}' } } },
      { id: 'events', label: 'Events', fields: [], resource: { name: 'stack-event', filter: { stack_id: '{id}' } } },
      { id: 'template', label: 'Template', fields: [], component: 'stack-template' },
    ],
  },
  texts: { listError: 'Unable to retrieve stack list.', loadError: 'Unable to retrieve stack.' },
});
