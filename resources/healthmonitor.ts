import schema from '../schemas/healthmonitor.schema.json';
import { monitorCreateBody, monitorUpdateBody } from '../dataProviders/lbaas-specs';
import { defineResource } from '../src/descriptor';
import type { HealthmonitorEntity } from '../shared/generated';
import { withoutNulls } from '../dataProviders/lbaas';
import { LB_BACKOFF, lbPolicy, PENDING } from './shared/lbaas';

/**
 * A pool's health monitor (spec 3 §2.1–2.3): Create Health Monitor, Update
 * Health Monitor, delete, and the details at …/pools/{pool}/healthmonitors/{id}.
 */
export default defineResource<HealthmonitorEntity>({
  name: 'healthmonitor',
  type: 'OS::Octavia::HealthMonitor',
  service: 'lbaas',
  serviceType: 'load-balancer',
  schema,
  nameField: 'name',
  labels: { singular: 'Health Monitor', plural: 'Health Monitors' },
  nested: { segment: 'healthmonitors', parents: ['pool'] },
  detailBackoff: LB_BACKOFF,
  columns: [
    { field: 'name', defaultSort: 'asc', link: 'detail' },
    { field: 'type' },
    { field: 'delay', priority: 2 },
    { field: 'operating_status' },
    { field: 'provisioning_status' },
    { field: 'admin_state_up', priority: 2 },
  ],
  poll: { field: 'provisioning_status', values: PENDING },
  actions: [
    {
      id: 'create',
      kind: 'form',
      label: 'Create Health Monitor',
      submitLabel: 'Create Health Monitor',
      form: 'createForm',
      policy: lbPolicy('healthmonitor', 'post'),
      payload: (values) => monitorCreateBody(values),
      success: 'A new health monitor is being created.',
      failure: 'Unable to create health monitor.',
    },
    {
      id: 'edit',
      kind: 'edit',
      label: 'Edit Health Monitor',
      form: 'editForm',
      policy: lbPolicy('healthmonitor', 'put'),
      prefill: (monitor) => withoutNulls(monitor),
      payload: (values, monitor) => monitorUpdateBody(values, monitor),
      success: 'The health monitor has been updated.',
      failure: 'Unable to update health monitor.',
    },
    { id: 'delete', kind: 'delete', policy: lbPolicy('healthmonitor', 'delete') },
  ],
  detail: {
    tabs: [
      {
        id: 'overview',
        label: 'Overview',
        fields: ['name', 'id', 'type', 'delay', 'timeout', 'max_retries', 'max_retries_down', 'http_method', 'url_path', 'expected_codes', 'provisioning_status', 'operating_status', 'admin_state_up', 'project_id', 'created_at', 'updated_at'],
        code: ['id', 'project_id'],
      },
    ],
  },
  texts: { listError: 'Unable to retrieve health monitors.', loadError: 'Unable to retrieve health monitor.' },
});
