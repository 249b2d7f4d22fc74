/**
 * The resource descriptor: everything the engine needs to list, show, create
 * and delete one resource type, as plain data (no JSX, no functions that
 * render). One per file in `resources/`, written with `defineResource<T>()`
 * where `T` is the entity type generated from the resource's schema, so a
 * column or tab naming a missing field does not compile.
 */
import type { PolicyRules, ServiceName } from './backend/contract';

export type { PolicyRules, ServiceName };

/** A record's field name, checked against the entity type. */
export type FieldOf<T> = keyof T & string;

export interface ResourceDescriptor<T extends object> {
  /**
   * Singular kebab-case name, the same in `schemas/`, `resources/` and tests;
   * also the data provider's resource name.
   * @example 'keypair'
   */
  name: string;
  /**
   * The OpenStack resource type code: the `{type}` of the detail route
   * `/ngdetails/{type}/{id}` (spec 2 §2.2).
   * @example 'OS::Nova::Keypair'
   */
  type: string;
  /**
   * The `/api/<service>/` data provider serving this resource (dataProviders/index.ts).
   * @example 'nova'
   */
  service: ServiceName;
  /**
   * Catalog service type the panel needs: the panel is shown only when the
   * catalog has it in the session's region (api-contract §3).
   * @example 'compute'
   */
  serviceType: string;
  /**
   * The resource's JSON Schema file; columns, detail fields and forms read
   * their titles, enums and limits from it.
   * @example import schema from '../schemas/keypair.schema.json'
   */
  schema: SchemaFile;
  /**
   * The `$defs` entry describing one record. Default `'entity'`.
   * @example 'entity'
   */
  entity?: string;
  /**
   * Field that identifies a record: selection, links and deletes use it
   * (spec 1 §3: trackId, default id).
   * @example 'name'
   */
  idField?: FieldOf<T>;
  /**
   * Field shown as the record's name in links, confirm dialogs and toasts.
   * @example 'name'
   */
  nameField: FieldOf<T>;
  /**
   * How the UI names the resource, in the spec's capitalisation; the delete
   * dialog and its toasts are built from these (spec 2 §8).
   * @example { singular: 'Key Pair', plural: 'Key Pairs' }
   */
  labels: ResourceLabels;
  /** The list page and its sidebar entry; none for resources only shown inside others. */
  panel?: PanelDescriptor;
  /**
   * More list pages of the same resource (e.g. admin images next to project
   * images): same columns and actions, their own route and sidebar entry.
   * The details route stays the resource's own.
   * @example [{ dashboard: 'admin', group: 'Compute', label: 'Images', path: '/admin/images', detailSuffix: '/detail', navBack: true, filterFirst: 'admin.images' }]
   */
  extraPanels?: PanelDescriptor[];
  /** Table columns, in order (spec 2 §2.3). */
  columns: ColumnDescriptor<T>[];
  /** Toolbar, row and batch actions. Default: none. */
  actions?: ActionDescriptor<T>[];
  /** The routed details view; without it names do not link anywhere. */
  detail?: DetailDescriptor<T>;
  /** Messages of this resource's calls (spec 2 §8). */
  texts?: ResourceTexts;
  /**
   * Search bar facets (spec 1 §3, §4.6). `isServer` facets go to the data
   * provider's `getList` as `filter` params; the others filter on the client.
   * Default none: the table offers only free text.
   * @example [{ name: 'name', label: 'Name', singleton: true }]
   */
  facets?: FacetDescriptor<T>[];
  /**
   * Fields listed in a row's expanded detail area (spec 1 §2.2). Default none:
   * rows do not expand.
   * @example ['public_key', 'created_at']
   */
  expand?: FieldOf<T>[];
  /**
   * Transitional states: rows whose `field` is one of `values` (or for which
   * `when` says yes, when one field is not enough, e.g. an instance with a
   * running task) are re-fetched one by one at the poll interval and show a
   * progress bar (spec 1 §4.1, §9).
   * @example { field: 'status', values: ['BUILD', 'saving', 'queued'] }
   * @example { when: (server) => server.status === 'BUILD' || server.task !== 'none' }
   */
  poll?: { field: FieldOf<T>; values: readonly string[] } | { when(record: T): boolean };
  /**
   * More routes that lead to this resource's pages (Horizon's URLs other
   * views link to): `to` fills `{param}` from the route's params and defaults
   * to the details route of `:id`. The route's query string is kept.
   * @example [{ path: '/project/networks/ports/:id/detail' }]
   * @example [{ path: '/project/networks/:id/subnet/create', to: '/ngdetails/OS::Neutron::Net/{id}?tab=network_tabs__subnets_tab&action=create' }]
   */
  redirects?: { path: string; to?: string }[];
  /**
   * A tree of resources whose details nest in the URL (Octavia's load
   * balancer, listeners, pools, members; spec 3 §2.1). The root, without
   * `parents`, has its details at `{panel.path}/{id}`; every other resource
   * of the tree at `{a parent's details path}/{segment}/{id}`, once for each
   * parent it may have (a pool under a listener or straight under its load
   * balancer). The details page loads each record along the path (any
   * failure goes to the root's list), shows them as breadcrumbs, hands their
   * ids to `getOne` as `meta.parents` (resource name → id), and after a
   * delete goes to the parent's details; names in its tabs' lists link one
   * level down the current path (src/engine/nested.ts).
   * @example { segment: 'pools', parents: ['listener', 'loadbalancer'] }
   */
  nested?: NestedPlacement;
  /**
   * How a details page waits between reloads while its record is
   * transitional (`poll`), when not the lists' growing interval: from
   * `first` ms, times `factor` each time, up to `max` ms (spec 3 §4.1:
   * 250 ms doubling to 5,000 ms). Default: the lists' rule.
   * @example { first: 250, factor: 2, max: 5000 }
   */
  detailBackoff?: { first: number; factor: number; max: number };
  /**
   * 'server' when the API pages (api-contract §1.6): the provider gets
   * `pagination.perPage` as the limit and `meta.marker`, and the table shows
   * Next/Prev instead of page numbers. Default 'client'.
   * @example 'server'
   */
  paging?: 'client' | 'server';
  /**
   * 'server' when a server-paged list is sorted by the service (Task
   * History, spec 3 §9.3): the provider gets `params.sort` (the column's
   * field, ASC or DESC; the default sort column's at first), a header click
   * asks again from the first page, and the table keeps the order the rows
   * came in. Default 'client': the table sorts the rows it has.
   * @example 'server'
   */
  sorting?: 'client' | 'server';
  /**
   * The list is fetched again every this many milliseconds while it shows
   * (Horizon's auto-refreshing tables, spec 3 §4.3: 60 s), besides the
   * polling of transitional rows. Default: only after an action.
   * @example 60_000
   */
  refresh?: number;
}

/**
 * How the UI names the resource. `deleteVerb` renames the delete action
 * where the cloud calls it otherwise (Horizon's 'Release Floating IP',
 * 'Released Floating IP: <names>.'); default Delete / Deleted.
 * @example { singular: 'Floating IP', plural: 'Floating IPs', deleteVerb: { present: 'Release', past: 'Released' } }
 */
export interface ResourceLabels {
  singular: string;
  plural: string;
  deleteVerb?: { present: string; past: string };
  /**
   * A sentence the delete dialog adds after its message (spec 3 §8.1: a load
   * balancer's delete takes its sub-resources with it).
   * @example 'All sub-resources will be deleted as well.'
   */
  deleteNote?: string;
}

/** Where a resource sits in a nested tree (`nested`). */
export interface NestedPlacement {
  /** The path segment before its ids, under a parent's details. @example 'listeners' */
  segment?: string;
  /** The resources (names) whose details it may sit under; none for the tree's root. @example ['loadbalancer'] */
  parents?: string[];
  /**
   * A level its links go through when the record names one and the page is
   * not already there (spec 3 §2.1: a pool's link uses its first listener).
   * @example { segment: 'listeners', field: 'listenerId' }
   */
  via?: { segment: string; field: string };
}

/** One facet of the search bar (spec 1 §3 "Search facet"). */
export interface FacetDescriptor<T> {
  /**
   * The record field (client facets) or query parameter (server facets).
   * @example 'name'
   */
  name: FieldOf<T> | (string & {});
  /** @example 'Name' */
  label: string;
  /** Sent to the server as a request parameter instead of filtering on the client. Default false. */
  isServer?: boolean;
  /** Usable once: it leaves the facet menu while a term uses it. Default false. */
  singleton?: boolean;
  /**
   * Its term is remembered for the panel during the browser tab's session
   * (leaving for a detail page and coming back keeps it); clear still
   * removes it. Default false.
   */
  persistent?: boolean;
  /**
   * Fixed choices; without them the user types a value (matched as a
   * case-insensitive substring on the client). With them the match is exact.
   * @example [{ key: 'ssh', label: 'SSH Key' }]
   */
  options?: { key: string; label: string }[];
  /** Offered only on the panels of these dashboards (the admin panels' Project facet). */
  dashboards?: PanelDescriptor['dashboard'][];
}

/**
 * Permission conditions of a column or action (spec 1 §6): all must pass or
 * it is hidden. Services are catalog types in the session's region; settings
 * are `/api/settings/` keys (or dotted paths into one, e.g.
 * `OPENSTACK_KEYSTONE_BACKEND.can_edit_user`) that must be truthy, or falsy
 * when written with a leading `!`.
 * @example { policy: [['identity', 'get_project']], services: ['volume'], settings: ['ENABLE_X'] }
 */
export interface Conditions {
  policy?: PolicyRules;
  services?: string[];
  settings?: string[];
  /**
   * Cinder or Neutron extensions that must be enabled, by alias or name.
   * @example [{ service: 'neutron', alias: 'trunk' }]
   */
  extensions?: { service: 'cinder' | 'neutron'; alias: string }[];
}

export interface PanelDescriptor {
  /**
   * Sidebar section (spec: Project, Admin, Identity).
   * @example 'project'
   */
  dashboard: 'project' | 'admin' | 'identity';
  /**
   * Group heading inside the section; none puts the panel at the top.
   * @example 'Compute'
   */
  group?: string;
  /**
   * The panel's name in the sidebar and its page heading.
   * @example 'Key Pairs'
   */
  label: string;
  /**
   * The list route; `{path}/{id}` redirects to the detail route.
   * @example '/project/key_pairs'
   */
  path: string;
  /**
   * Rules that must all pass (POST /api/policy/) for the panel to show.
   * @example [['identity', 'admin_required']]
   */
  policy?: PolicyRules;
  /** Position inside its group; default 0, then by label. */
  order?: number;
  /**
   * What follows `{path}/{id}` in the redirect to the details route (spec 2 §2.2).
   * @example '/detail'
   */
  detailSuffix?: string;
  /**
   * The redirect route to the details when it is not `{path}/{id}{detailSuffix}`
   * (spec 2 §2.2: admin trunks list at /admin/trunks, redirect at /admin/trunk/{id}/detail).
   * @example '/admin/trunk/:id/detail'
   */
  detailRoute?: string;
  /** Links to details carry `?nav=<this path>`, and the details page leads back here (spec 2 §2.2). */
  navBack?: boolean;
  /**
   * A `FILTER_DATA_FIRST` key: when that setting is true the list loads only
   * once a search term is given (spec 2 §9).
   * @example 'admin.images'
   */
  filterFirst?: string;
  /**
   * The list asks the server for the current project's records only, with
   * this filter set to the session's project (Horizon's project panels do; an
   * admin would otherwise see every project's records there). The resource's
   * provider must send it as a server filter.
   * @example 'project_id'
   */
  projectFilter?: string;
  /**
   * Cinder or Neutron extensions without which the panel is not offered
   * (Horizon's panels check them, e.g. trunks need Neutron's `trunk`).
   * @example [{ service: 'neutron', alias: 'trunk' }]
   */
  extensions?: Conditions['extensions'];
  /**
   * Filter params this panel's list always sends, for a panel of the same
   * resource that lists more (the admin panels: every project's records,
   * still paged by the server). The provider must send them as server filters.
   * @example { all_tenants: 'true' }
   */
  filter?: Record<string, string>;
  /**
   * How this panel's list pages when it differs from the resource's (an
   * admin panel of every project's records pages on the server while the
   * project's own list comes whole).
   * @example 'server'
   */
  paging?: 'client' | 'server';
  /**
   * Tabs of the panel's page, chosen by the `tab` query parameter, the first
   * by default (spec 3 §2.5: Backup plans, Running Tasks, Task History). A
   * tab shows the list of the resource it names, else the panel's own; its
   * label is the list's heading and table name.
   * @example [{ id: 'job-list', label: 'Backup plans' }, { id: 'tasks', label: 'Running Tasks', resource: 'backup-task' }]
   */
  tabs?: PanelTab[];
}

export interface PanelTab {
  /** The `tab` query parameter's value. */
  id: string;
  label: string;
  /** A registered resource's name; default the panel's own. */
  resource?: string;
}

export interface ColumnDescriptor<T> {
  /**
   * The record field shown; must be a property of the entity schema.
   * @example 'fingerprint'
   */
  field: FieldOf<T>;
  /** Header text. Default: the schema property's `title`. */
  label?: string;
  /** Whether the header sorts the table. Default true (spec 1 §3). */
  sortable?: boolean;
  /**
   * Makes this the column the table is first sorted by.
   * @example 'asc'
   */
  defaultSort?: 'asc' | 'desc';
  /**
   * 'detail' renders the value as a link to the record's detail route;
   * `{ to }` links elsewhere, `{field}` read from the record and
   * `{dashboard}` the panel's dashboard (an empty value renders no link).
   * @example 'detail'
   * @example { to: '/{dashboard}/networks/ports/{port_id}/detail' }
   */
  link?: 'detail' | { to: string };
  /**
   * Never wraps the cell (its own line breaks stay): for short values (a
   * flavor name, a power state, addresses one network a line) that a crowded
   * table would otherwise break mid-word. Default false.
   */
  nowrap?: boolean;
  /**
   * 1 is always shown; higher numbers are hidden first as the window narrows
   * (spec 1 §9). Default 1; anything but a whole number from 1 logs a warning and becomes 1.
   */
  priority?: number;
  /**
   * Hidden unless these pass (spec 1 §6). Default: always shown.
   * @example { policy: [['identity', 'get_project']] }
   */
  requires?: Conditions;
  /**
   * Shown only on the panels of these dashboards (the admin panels' Project
   * column). Default: every panel.
   * @example ['admin']
   */
  dashboards?: PanelDescriptor['dashboard'][];
}

export type ActionDescriptor<T> =
  | FormActionDescriptor<T>
  | EditActionDescriptor<T>
  | WizardActionDescriptor<T>
  | DeleteActionDescriptor<T>
  | MetadataActionDescriptor<T>
  | LinkActionDescriptor<T>
  | OperationActionDescriptor<T>;

interface ActionBase<T> {
  /**
   * Stable id, unique within the descriptor.
   * @example 'create'
   */
  id: string;
  /**
   * Rules that must all pass for the action to be offered.
   * @example [['compute', 'os_compute_api:os-keypairs:create']]
   */
  policy?: PolicyRules;
  /**
   * Row actions only: whether the action applies to this record (spec 1 §6,
   * "each action has an allowed check"). Default: always.
   */
  allowed?(item: T): boolean;
  /**
   * Services and settings that must be present besides `policy` (spec 1 §6).
   * @example { services: ['volume'] }
   */
  requires?: Omit<Conditions, 'policy'>;
  /**
   * List pages of only these dashboards offer the action (the details view
   * always may). Default: every panel of the resource.
   * @example ['project']
   */
  dashboards?: PanelDescriptor['dashboard'][];
  /**
   * Toolbar actions only: quotas of the current project that, once used up,
   * disable the button and label it '<label> (Quota exceeded)' (Horizon's
   * create buttons). Read from the app's `quota-usage` resource, whose
   * `getOne(projectId, { meta: { quotas } })` answers lists of
   * `{ name, limit, in_use }` (from the services owning `quotas`); -1 is unlimited.
   * @example ['volumes', 'gigabytes']
   */
  quota?: string[];
}

/** A modal form on the toolbar that creates a record from a schema `$defs` entry. */
export interface FormActionDescriptor<T> extends ActionBase<T> {
  kind: 'form';
  /**
   * Button text and dialog title.
   * @example 'Create Key Pair'
   */
  label: string;
  /**
   * The dialog's title when it is not the button's text (Horizon's 'Modify
   * Quotas' row action opens 'Edit Quotas'). Default `label`.
   * @example 'Edit Quotas'
   */
  title?: string;
  /**
   * The `$defs` entry of the schema the form edits; its `errorMessage`s are the
   * validation texts. Its properties may carry the engine's schema hints
   * (src/forms/hints.ts): `"x-switch": { "field": "source_type" }` (shown,
   * required and sent only while that field has a value), `"x-widget":
   * "spinner"` (up/down, min default 0, step default 1), `"x-transferTable":
   * { "source": "projects", "selectedTitle": "Selected Projects" }` on an array
   * (a transfer table; `{ id }` items for object items; `maxItems` or
   * `maxAllocation` caps it), `"x-widget": "source-select", "x-options":
   * { "source": "roles" }` (one choice among an option source's items, or
   * `resource:<name>`'s records), `"x-confirms": "password"` ('Passwords do not
   * match.'). The form itself may carry `x-steps` (a wizard's default steps)
   * and `x-submitLabel` (the submit or finish text).
   * @example 'createForm'
   */
  form: string;
  /**
   * The schema file (`$id`) whose `$defs` holds `form`, when it is another
   * resource's: one form definition serves every action that shows it (the
   * images panel's Create Volume opens the volume's `createForm`).
   * Default: the resource's own schema.
   * @example 'volume.schema.json'
   */
  formSchema?: string;
  /** Modal size (spec 1 §9: default 'lg'). */
  size?: 'sm' | 'md' | 'lg';
  /** Submit button text (spec 1 §9: default 'Submit'). */
  submitLabel?: string;
  /**
   * Text above the fields, `{field}` filled from the record the form acts
   * on: the body of a confirmation form with no fields (Horizon's batch
   * action confirm).
   * @example 'You have selected: "{name}". Please confirm your selection.'
   */
  message?: string;
  /**
   * rjsf uiSchema for the form: widget names, order, placeholders.
   * @example { public_key: { 'ui:widget': 'textarea' } }
   */
  uiSchema?: Record<string, unknown>;
  /**
   * Rejects a value already used by a record (spec 1 §5, unique validator):
   * checked in the browser against the listed records as the user types and,
   * in a wizard, on the server when moving past the step that holds the field
   * (spec 1 §4.2), so a record created meanwhile elsewhere is caught too.
   * @example { field: 'name', message: 'Key pair already exists.' }
   */
  unique?: UniqueRule | UniqueRule[];
  /**
   * Success toast; `{field}` is replaced by the submitted or returned value.
   * @example 'Key pair {name} was successfully created.'
   */
  success: string;
  /**
   * The toast the success text shows in; 'info' where the spec says so for a
   * call that only starts the work (spec 2: 'Creating volume <name>'). Default 'success'.
   */
  successToast?: 'success' | 'info';
  /**
   * Error toast when the call fails.
   * @example 'Unable to create the keypair.'
   */
  failure: string;
  /**
   * After a successful create, open the new record's details (Horizon's
   * Create Security Group leads to the group's Manage Rules page). Default false.
   */
  openCreated?: boolean;
  /**
   * A file the browser saves from the answer, e.g. the private key.
   * @example { field: 'private_key', fileName: '{name}.pem', mimeType: 'application/x-pem-file' }
   */
  download?: { field: string; fileName: string; mimeType: string };
  /**
   * Values a create form opens with, from the `/api/settings/` object; the
   * schema's defaults fill the rest.
   * @example (settings) => ({ visibility: settings.DEFAULT_VISIBILITY })
   */
  defaults?(settings: Record<string, unknown>): Record<string, unknown>;
  /**
   * A toolbar form's first values from the records the list shows (Update
   * Default Quotas starts from the defaults listed).
   * @example (quotas) => Object.fromEntries(quotas.map((quota) => [quota.name, quota.limit]))
   */
  fromList?(records: T[]): Record<string, unknown>;
  /**
   * Server error codes (the JSON string an `/api` error answers) and the
   * text the dialog shows for each instead of a failure toast; the dialog
   * stays open with it.
   * @example { ADMIN_PASSWORD_INCORRECT: 'The admin password is incorrect.' }
   */
  errorMessages?: Record<string, string>;
  /**
   * The request body from the form's values (and, for edits, the record).
   * Default: the values as they are, without fields hidden by `x-switch`.
   * @example (values) => ({ ...values, is_public: (values.flavor_access as unknown[]).length === 0 })
   */
  payload?(values: Record<string, unknown>, record?: T): Record<string, unknown>;
}

/** A field whose value no other record may have; `{field}` in the message names the value. */
export interface UniqueRule {
  field: string;
  /** The records' field holding the values, when the form names it otherwise. Default `field`. @example 'protocol_port' */
  recordField?: string;
  message: string;
}

/**
 * Delete with the confirm dialog of spec 2 §8, on each row's menu and as a
 * batch button on the toolbar. The texts come from `labels`.
 */
export interface DeleteActionDescriptor<T> extends ActionBase<T> {
  kind: 'delete';
  /** Where it is offered. Default both. */
  placement?: ('row' | 'batch')[];
  /**
   * Batch only: the warning naming checked records `allowed` refuses, which are
   * left out of the delete; `{names}` lists them. Default: they are left out silently.
   * @example 'You are not allowed to delete images: {names}'
   */
  notAllowed?: string;
  /**
   * Where `notAllowed` is reported: in the confirm dialog (default), or as an
   * error toast, as Horizon's identity panels do (spec 3 §6); with every
   * checked record refused, the toast alone and no dialog.
   */
  notAllowedAs?: 'dialog' | 'toast';
  /**
   * The error toast adds the server's reason after the spec's text, e.g.
   * Neutron's 'There are one or more ports still in use on the network.'
   * Default false: the spec's text alone.
   */
  showReason?: boolean;
  /**
   * The success line instead of 'Deleted <Resource>: <names>.', for a delete
   * the service only schedules (Horizon's instances); `{names}` lists them.
   * @example { singular: 'Scheduled deletion of Instance: {names}', plural: 'Scheduled deletion of Instances: {names}', toast: 'info' }
   */
  success?: { singular: string; plural: string; toast?: 'success' | 'info' };
  /**
   * The error line instead of 'Unable to delete <Resource>: <names>.', `{names}` listing the records not deleted.
   * @example 'The following backup could not be deleted: {names}.'
   */
  failure?: string;
}

/**
 * A row action: a modal form prefilled from the record that updates it
 * (`dataProvider.update`), e.g. flavor 'Update Access'. Texts, size and
 * uiSchema as for `form`; `{field}` in the texts reads the record too.
 *
 * @example
 * { id: 'access', kind: 'edit', label: 'Update Access', form: 'accessForm', reload: { meta: { get_access_list: true } },
 *   prefill: (flavor) => ({ flavor_access: (flavor['access-list'] ?? []).map((id) => ({ id })) }),
 *   payload: (values, flavor) => ({ ...flavor, ...values }),
 *   success: 'Modified flavor access of "{name}".', failure: 'Unable to modify flavor access of "{name}".' }
 */
export interface EditActionDescriptor<T> extends Omit<FormActionDescriptor<T>, 'kind' | 'download' | 'unique'> {
  kind: 'edit';
  /**
   * The form's values from the record. Default: the record's fields the form has.
   * @example (flavor) => ({ flavor_access: (flavor['access-list'] ?? []).map((id) => ({ id })) })
   */
  prefill?(record: T): Record<string, unknown>;
  /**
   * Load the record again (`getOne` with this `meta`) before the form opens,
   * when the list lacks what the form shows.
   * @example { meta: { get_access_list: true } }
   */
  reload?: { meta?: Record<string, unknown> };
  /**
   * The registered resource the form creates from this record instead of
   * updating it (its provider's `create` gets the payload), e.g. a volume
   * from an image (spec 2 §5).
   * @example 'volume'
   */
  creates?: string;
  /**
   * The provider's named call the form's payload goes to instead of
   * `update`, for a change that is not an edit of the record's fields
   * (Extend Volume). Named calls (`calls` of the resource's provider entry,
   * dataProviders/resource-provider.ts) are the one way to reach the server
   * beyond CRUD: from a form here, without one by an `operation` action,
   * from a custom screen by `resourceCall`.
   * @example 'extend'
   */
  call?: string;
}

/**
 * A modal wizard over one schema form (spec 1 §4.2, §4.3): the steps are
 * slices of the form's fields or custom step components
 * (src/wizard/step-components.tsx, e.g. 'membership', or the app's `stepComponents`). Without `steps` the
 * form's `x-steps` are used; the final button reads `finishLabel`, else the
 * form's `x-submitLabel`, else 'Finish'. `mode: 'edit'` makes it a row
 * action prefilled from the record, like `edit`.
 *
 * @example
 * { id: 'create', kind: 'wizard', label: 'Create Flavor', form: 'createForm',
 *   success: 'Created new flavor "{name}".', failure: 'Unable to create flavor "{name}".' }
 */
export interface WizardActionDescriptor<T> extends Omit<FormActionDescriptor<T>, 'kind' | 'submitLabel'> {
  kind: 'wizard';
  /** Default: the form's `x-steps`. */
  steps?: WizardStepDescriptor[];
  /** Text of the final button. */
  finishLabel?: string;
  /** 'create' (default): a toolbar button; 'edit': a row action prefilled from the record. */
  mode?: 'create' | 'edit';
  /** For `mode: 'edit'`, as for `edit` actions. */
  prefill?(record: T): Record<string, unknown>;
  /** For `mode: 'edit'`, as for `edit` actions. */
  reload?: { meta?: Record<string, unknown> };
  /**
   * For `mode: 'edit'`, as for `edit` actions: the provider's named call the
   * values go to instead of `update` (Edit Quotas of a project).
   * @example 'updateQuotas'
   */
  call?: string;
}

/**
 * A row action opening the metadata editor (spec 1 §4.7, spec 2 §4 "Metadata
 * update") on a record: the tree of the Glance metadefs namespaces of
 * `resourceType`, with the record's current metadata from the data
 * provider's `getMetadata` verb, saved as `{ updated, removed }` through its
 * `updateMetadata` verb (dataProviders/resource-provider.ts).
 *
 * @example
 * { id: 'metadata', kind: 'metadata', label: 'Update Metadata', resourceType: 'OS::Glance::Image',
 *   policy: [['image', 'modify_metadef_object']], allowed: (image) => image.status === 'active' }
 */
export interface MetadataActionDescriptor<T> extends ActionBase<T> {
  kind: 'metadata';
  /** @example 'Update Metadata' */
  label: string;
  /**
   * The metadefs resource type whose namespaces the tree offers (spec 2 §9).
   * @example 'OS::Nova::Flavor'
   */
  resourceType: string;
  /** Default 'Metadata was successfully updated.' (spec 2 §4). */
  success?: string;
  /** Default 'Unable to update metadata.' (spec 2 §4); the modal stays open. */
  failure?: string;
  /**
   * Error toast when the record's metadata cannot be loaded.
   * @example 'Unable to retrieve the image custom properties.'
   */
  loadFailure?: string;
}

/**
 * A row action that is declared but only offered once the feature behind it
 * exists (e.g. 'Launch' before the launch wizard): shown disabled with the
 * default tooltip, or left out with `hidden: true`. `allowed` and `policy`
 * apply as for other row actions.
 */
export interface LinkActionDescriptor<T> extends ActionBase<T> {
  kind: 'link';
  /** @example 'Launch' */
  label: string;
  /**
   * Where the action goes, with `{field}` read from the record; absent while
   * the target does not exist yet, which keeps the action disabled.
   * @example '/project/instances/launch?imageId={id}'
   */
  to?: string;
  /**
   * 'toolbar': a button above the table going to `to` (e.g. 'Launch
   * Instance', Horizon's table action LinkAction). Default 'row'.
   */
  placement?: 'row' | 'toolbar';
}

/**
 * A state change the service runs on one or more records without a form
 * (Horizon's BatchAction: start, shut off, reboot …): the data provider's
 * named call `operation` is made once per record, then one toast says what
 * happened, as Horizon's batch actions do: '<past>: <names>' (success),
 * 'Unable to <label in lower case>: <names>' (error), and for checked rows
 * `allowed` refuses, 'You are not allowed to <label in lower case>: <names>'.
 * With `confirm` it asks first: 'Confirm <label>', 'You have selected:
 * "a", "b". Please confirm your selection. <confirm>'.
 *
 * @example
 * { id: 'stop', kind: 'operation', operation: 'stop', label: 'Shut Off Instance', labelPlural: 'Shut Off Instances',
 *   past: 'Shut Off Instance', pastPlural: 'Shut Off Instances', placement: ['row', 'batch'],
 *   confirm: 'The instance(s) will be shut off.', allowed: (server) => server.power_state === 'RUNNING' }
 */
export interface OperationActionDescriptor<T> extends ActionBase<T> {
  kind: 'operation';
  /** Present tense, one record: the menu item, the confirm title and button. @example 'Shut Off Instance' */
  label: string;
  /** Present tense, several records (the batch button). Default `label`. @example 'Shut Off Instances' */
  labelPlural?: string;
  /** Past tense in the success toast, one record; none: no success toast. @example 'Shut Off Instance' */
  past?: string;
  /** Past tense, several records. Default `past`. */
  pastPlural?: string;
  /**
   * The data provider's named call run on each record (`call` verb,
   * dataProviders/resource-provider.ts).
   * @example 'stop'
   */
  operation: string;
  /** Where it is offered: a row's menu (and the details page), the toolbar for the checked rows. Default `['row']`. */
  placement?: ('row' | 'batch')[];
  /** Help text of the confirm dialog; without it the operation runs at once. @example 'The instance(s) will be shut off.' */
  confirm?: string;
  /** The confirm dialog's title instead of 'Confirm <label>'; it asks first even without `confirm`. @example 'Confirm Disassociate Floating IP Address' */
  confirmTitle?: string;
  /**
   * The success toast instead of '<past>: <names>', with `{name}` or `{names}`.
   * @example 'Disassociated floating IP address from load balancer: {name}.'
   */
  success?: string;
  /** The success toast's kind (Horizon's delete of instances says it as info). Default 'success'. */
  successToast?: 'success' | 'info';
  /**
   * The error toast instead of 'Unable to <label>: <names>', with `{name}`
   * (one record) or `{names}`, and `{error}`, the server's reason.
   * @example 'Unable to confirm resize instance "{name}".'
   */
  failure?: string;
}

/** One wizard step: a slice of the form's fields, or a custom component editing one field. */
export interface WizardStepDescriptor {
  /** Key of the step's errors. Default `step<n>`. @example 'flavorInfo' */
  id?: string;
  /** @example 'Flavor Access' */
  title: string;
  /** @example ['name', 'vcpus', 'ram'] */
  fields?: string[];
  /** A custom step component's name (src/wizard/step-components.tsx or the app's `stepComponents`). @example 'membership' */
  component?: string;
  /** The form field a custom step edits. @example 'members' */
  field?: string;
  /**
   * A custom step's options.
   * @example { members: 'resource:user', roles: 'resource:role', defaultRole: 'member' }
   */
  options?: Record<string, unknown>;
  /** Shows the step's help button (spec 1 §4.3: none without a URL). */
  helpUrl?: string;
  /** Readiness check: a step that is not ready is dropped (spec 1 §4.3). Default ready. */
  ready?(): boolean | Promise<boolean>;
  /**
   * The step is offered only while this form field has one of the values
   * (spec 3 §2.3: the certificates step only for a TERMINATED_HTTPS listener).
   * Default: always.
   * @example { field: 'listener_protocol', values: ['TERMINATED_HTTPS'] }
   */
  when?: { field: string; values: unknown[] };
}

export interface DetailDescriptor<T> {
  /** Tabs of the details view, the first one shown first (spec 2 §2.3). */
  tabs: DetailTab<T>[];
  /**
   * The page heading, `{field}` read from the record. Default: the record's name.
   * @example 'Manage Security Group Rules: {name} ({id})'
   */
  title?: string;
  /**
   * A sticky tab group (spec 1 §2.2): the tab last chosen is remembered in
   * the cookie `tab_<resource name>_details` and opens first next time,
   * unless the URL's `tab` parameter names another. Default false.
   * @example true
   */
  sticky?: boolean;
  /**
   * After an operation (Run …) or an edit done from the details page, go to
   * the panel's list instead of staying (spec 3 §4.3: a plan's actions). Default false.
   */
  listAfterOperation?: boolean;
}

export interface DetailTab<T> {
  /**
   * Value of the `tab` query parameter that opens this tab.
   * @example 'details'
   */
  id: string;
  /** @example 'Details' */
  label: string;
  /**
   * Fields listed with their schema titles, in order.
   * @example ['name', 'type', 'fingerprint']
   */
  fields: FieldOf<T>[];
  /**
   * Fields shown in a fixed-width font (keys, fingerprints). Default none.
   * @example ['fingerprint', 'public_key']
   */
  code?: FieldOf<T>[];
  /**
   * Another resource's list inside the tab, with its own columns, actions
   * and polling (Horizon's network Subnets and Ports tabs): `filter` is
   * sent to its data provider and `values` are added to what its create
   * actions send; `{field}` in either reads this record. A `?action=<id>`
   * in the URL opens that create action once the tab shows.
   * @example { name: 'subnet', filter: { network_id: '{id}' }, values: { network_id: '{id}' } }
   */
  resource?: { name: string; filter: Record<string, string>; values?: Record<string, string> };
  /**
   * A registered custom component rendered in the tab, under the fields
   * (the app's `detailTabs`, custom/detail-tabs.tsx: e.g. an instance's console log), for what
   * fields and a table cannot show. It gets the record and the descriptor.
   * @example 'instance-log'
   */
  component?: string;
  /**
   * A table of a list field's items under the fields (spec 2 §2.3: a server
   * group's members table). Items that are not objects (ids) are read as
   * `{ id: item }`. 'No items to display.' when the list is empty.
   * @example { field: 'members', title: 'Members', columns: [{ field: 'name', label: 'Instance Name' }, { field: 'id', label: 'Instance ID' }] }
   */
  table?: DetailTable<T>;
}

export interface DetailTable<T> {
  /** The record's list field. */
  field: FieldOf<T>;
  /** Heading above the table and its accessible name. */
  title: string;
  /** Columns: a key of each item and its header. */
  columns: { field: string; label: string }[];
}

export interface ResourceTexts {
  /**
   * Error toast when the list cannot be loaded.
   * @example 'Unable to retrieve the keypairs.'
   */
  listError?: string;
  /**
   * Error toast when one record cannot be loaded (other than 404).
   * @example 'Unable to retrieve the keypair.'
   */
  loadError?: string;
}

/**
 * A schema file as `import schema from '../schemas/x.schema.json'` types it:
 * JSON imports widen keywords to plain strings, so the engine reads it
 * through `src/schema/` instead of trusting this type.
 */
export interface SchemaFile {
  $id?: string;
  title?: string;
  $defs?: Record<string, unknown>;
}

/** A record as the engine handles it: plain JSON. */
export type ResourceRecord = Record<string, unknown>;

/** A descriptor after `defineResource`: the registry and the engine work on these. */
export type AnyResourceDescriptor = ResourceDescriptor<ResourceRecord>;

/**
 * Declares a resource. The type parameter checks the descriptor against the
 * generated entity type where it is written; the engine then treats records
 * as plain JSON, so the result is widened to `AnyResourceDescriptor`.
 *
 * @example
 * export default defineResource<KeypairEntity>({ name: 'keypair', type: 'OS::Nova::Keypair', … });
 */
export function defineResource<T extends object>(descriptor: ResourceDescriptor<T>): AnyResourceDescriptor {
  // Safe: T only narrows field names and the `allowed` argument; at run time records are JSON objects.
  return descriptor as unknown as AnyResourceDescriptor;
}
