import schema from '../schemas/backup-plan.schema.json';
import { notificationPayload, notificationPrefill } from '../dataProviders/baas-forms';
import { defineResource } from '../src/descriptor';
import type { BackupPlanNotificationEntity } from '../shared/generated';

const WIZARD_UI = { events: { 'ui:widget': 'checkboxes' }, sendWeekDays: { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } } };

/**
 * Notification templates, project/duratus_notifications (spec 3 §2.5, §3.3,
 * §4.3, §8.3): email and enable; the template wizard (General, Event Types,
 * Schedule). The whole list is saved at each change (PUT notifications/).
 */
export default defineResource<BackupPlanNotificationEntity>({
  name: 'backup-notification',
  type: 'OS::Duratus::Notification',
  service: 'baas',
  serviceType: 'volumev3',
  schema,
  entity: 'notificationEntity',
  nameField: 'recipient',
  labels: { singular: 'Template', plural: 'Templates' },
  panel: { dashboard: 'project', group: 'Backup', label: 'Notifications', path: '/project/duratus_notifications', order: 2 },
  columns: [{ field: 'recipient', defaultSort: 'asc' }, { field: 'enabled' }],
  expand: ['events', 'postponedSending', 'sendTimeFrom', 'sendTimeTo', 'sendWeekDays'],
  facets: [{ name: 'recipient', label: 'Email', singleton: true }],
  actions: [
    {
      id: 'create',
      kind: 'wizard',
      label: 'Create Template',
      form: 'notificationForm',
      uiSchema: WIZARD_UI,
      payload: (values) => ({ ...notificationPayload(values) }),
      success: 'The notification template for {recipient} was saved.',
      failure: 'Unable to update events config.',
    },
    {
      id: 'edit',
      kind: 'wizard',
      mode: 'edit',
      label: 'Edit',
      title: 'Edit Template',
      form: 'notificationForm',
      uiSchema: WIZARD_UI,
      prefill: (record) => notificationPrefill(record),
      payload: (values) => ({ ...notificationPayload(values) }),
      success: 'The notification template for {recipient} was saved.',
      failure: 'Unable to update events config.',
    },
    // Spec 3 §8.3: the list could not be saved without them.
    { id: 'delete', kind: 'delete', failure: 'The following notifications cannot be deleted: {names}.' },
  ],
  texts: { listError: 'Unable to get events config.' },
});
