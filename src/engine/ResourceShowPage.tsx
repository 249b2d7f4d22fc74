import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { AnyResourceDescriptor, DetailTab, ResourceRecord } from '../descriptor';
import { readCookie, writeCookie } from '../utils/cookies';
import { fieldTitle } from '../schema/fields';
import { useActionDialogs } from './ActionDialogs';
import { DetailItemsTable } from './DetailItemsTable';
import { FieldText } from './FieldText';
import { appliesTo, rowFormsFor, useAllowedActions, type RowFormAction } from './actions';
import { commandActions } from './row-commands';
import type { RowAction } from '../table/types';
import { useRegistry } from './context';
import { RowActionsMenu } from '../table/RowActionsMenu';
import { usePlugins } from '../plugins';
import { deleteTexts, formatMessage } from './messages';
import { PageHeading } from './PageHeading';
import { useResourceRecord } from './queries';
import { ACTION_PARAM, backToList, nameOf, NAV_PARAM, NOT_FOUND_PATH } from './registry';

// A tab may hold another resource's list (a network's subnets); it loads with the first such tab.
const ResourceListPage = lazy(() => import('./ResourceListPage'));

/** The query parameter naming the open tab (spec 1 §2.2, §7.2). */
export const TAB_PARAM = 'tab';


/** The cookie of a sticky tab group (spec 1 §2.2): one per resource's details view. */
export function stickyTabCookie(descriptor: AnyResourceDescriptor): string {
  return `tab_${descriptor.name}_details`;
}

/**
 * The routed details view `/ngdetails/{type}/{id}` (spec 2 §2.2): an unknown
 * type or a 404 goes to the not-found page. The id is the rest of the path,
 * slashes included (`{path*}`).
 */
export default function ResourceShowPage() {
  const { type = '', '*': id = '' } = useParams();
  const descriptor = useRegistry().byType(type);
  if (!descriptor?.detail || !id) return <Navigate to={NOT_FOUND_PATH} replace />;
  return <RecordDetails key={`${type}/${id}`} descriptor={descriptor} id={id} />;
}

/**
 * Where a nested resource's details sit (`nested`, src/engine/NestedDetailsPage.tsx):
 * the breadcrumbs above it, where a delete and a failed load go, its own path
 * for its lists' links, and its parents' ids for `getOne`.
 */
export interface DetailPlace {
  /** The root's list, then each ancestor's details. */
  trail: { label: string; path: string }[];
  /** Where a successful delete goes (spec 3 §2.1: the parent). */
  parentPath: string;
  /** Where a record that cannot be loaded sends the user (spec 3 §2.1: the list). */
  listPath: string;
  /** This page's path. */
  basePath: string;
  meta: Record<string, unknown>;
}

export function RecordDetails({ descriptor, id, place }: { descriptor: AnyResourceDescriptor; id: string; place?: DetailPlace }) {
  const record = useResourceRecord(descriptor, id, place?.meta);
  const navigate = useNavigate();
  const actions = useAllowedActions(descriptor);
  const dialogs = useActionDialogs(descriptor);
  const [params, setParams] = useSearchParams();
  const { tabs, sticky = false } = descriptor.detail!;
  const activeTab = openTab(tabs, params.get(TAB_PARAM), sticky ? readCookie(stickyTabCookie(descriptor)) : null);
  // Lazy panes (spec 1 §2.2): a tab's content mounts when first opened and then stays.
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set([activeTab.id]));
  if (!opened.has(activeTab.id)) setOpened(new Set(opened).add(activeTab.id)); // opened through the URL (back, a link)

  function selectTab(tab: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(TAB_PARAM, tab);
        return next;
      },
      { replace: true },
    );
    if (sticky) writeCookie(stickyTabCookie(descriptor), tab);
  }

  // `?action=<id>` opens that row action once the record is here (e.g. router/{id}/addinterface), then leaves the URL.
  const requested = params.get(ACTION_PARAM);
  const loaded = record.data;
  const opening = useRef<string | null>(null);
  useEffect(() => {
    if (!requested || !loaded || opening.current === requested) return;
    const action = rowFormsFor(actions, loaded).find((candidate) => candidate.id === requested);
    if (!action) return; // not allowed (yet: policies may still be loading)
    opening.current = requested;
    dialogs.openEdit(action, loaded);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ACTION_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [requested, loaded, actions, dialogs, setParams]);

  // A nested route that cannot be resolved goes to its tree's list (spec 3 §2.1).
  if (place && (record.notFound || record.isError)) return <Navigate to={place.listPath} replace />;
  if (record.notFound) return <Navigate to={NOT_FOUND_PATH} replace />;
  const data = record.data;
  const name = data ? nameOf(descriptor, data) : id;
  // Opened from an admin list, the page leads back there (spec 2 §2.2: the `nav` parameter).
  const back = backToList(descriptor, params.get(NAV_PARAM));
  const listPath = back?.path;
  const listAfter = descriptor.detail!.listAfterOperation && descriptor.panel ? () => navigate(descriptor.panel!.path) : undefined;
  const trail = place?.trail ?? (back ? [back] : []);

  return (
    <section>
      {trail.length > 0 && (
        <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
          {trail.map((crumb) => (
            <Link key={crumb.path} component={RouterLink} to={crumb.path} underline="hover" color="inherit" sx={{ wordBreak: 'break-word' }}>
              {crumb.label}
            </Link>
          ))}
          <Typography color="text.primary" sx={{ wordBreak: 'break-word' }}>
            {name}
          </Typography>
        </Breadcrumbs>
      )}
      <PageHeading title={data && descriptor.detail!.title ? formatMessage(descriptor.detail!.title, data) : name}>
        {data && (
          <RecordEditActions
            name={name}
            actions={rowFormsFor(actions, data)}
            // Spec 3 §4.3: after a plan's action (an edit too) the list shows; on an error the page stays and reloads.
            open={(action) => dialogs.openEdit(action, data, listAfter)}
            commands={commandActions(actions.rowCommands, data, {
              navigate,
              operate: (action) =>
                dialogs.runOperation(action, [data], ({ failed }) => {
                  if (failed.length === 0) listAfter?.();
                }),
            })}
          />
        )}
        {data && appliesTo(actions.rowDelete, data) && (
          <Button
            variant="outlined"
            color="error"
            onClick={() =>
              // After a delete from a detail page the list page is the target (spec 2 §2.2), or a nested resource's parent (spec 3 §2.1).
              dialogs.confirmDelete([data], ({ deleted, failed }) => {
                const target = place?.parentPath ?? listPath;
                if (deleted.length && !failed.length && target) navigate(target);
              })
            }
          >
            {deleteTexts(descriptor.labels, [name]).submit}
          </Button>
        )}
      </PageHeading>
      <Paper variant="outlined">
        <Tabs value={activeTab.id} onChange={(_event, tab: string) => selectTab(tab)} sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
          {tabs.map((tab) => (
            <Tab key={tab.id} value={tab.id} label={tab.label} id={`tab-${tab.id}`} aria-controls={`tabpanel-${tab.id}`} />
          ))}
        </Tabs>
        {tabs
          .filter((tab) => opened.has(tab.id))
          .map((tab) => (
            <Box key={tab.id} role="tabpanel" hidden={tab.id !== activeTab.id} id={`tabpanel-${tab.id}`} aria-labelledby={`tab-${tab.id}`} sx={{ p: 2 }}>
              {data ? tab.fields.length > 0 && <DetailFields descriptor={descriptor} tab={tab} record={data} /> : record.isPending && <CircularProgress size={24} aria-label="Loading" />}
              {data && tab.table && <DetailItemsTable table={tab.table} record={data} />}
              {data && tab.resource && (
                <RelatedList tab={tab} record={data} basePath={place?.basePath} meta={place && { parents: { ...(place.meta.parents as object), [descriptor.name]: id } }} />
              )}
              {data && tab.component && <DetailTabComponent name={tab.component} descriptor={descriptor} record={data} />}
            </Box>
          ))}
      </Paper>
      {dialogs.dialogs}
    </section>
  );
}

/**
 * The record's actions, as on its row menu: the first edit form as a button,
 * the other forms, links and operations in the actions menu beside it
 * (Horizon's details pages put one action up front and the rest in a drop-down).
 */
function RecordEditActions({ name, actions, open, commands }: { name: string; actions: RowFormAction[]; open(action: RowFormAction): void; commands: RowAction[] }) {
  const [first, ...rest] = actions;
  const menu = [...rest.map((action) => ({ label: action.label, onSelect: () => open(action) })), ...commands];
  return (
    <>
      {first && (
        <Button variant="outlined" onClick={() => open(first)}>
          {first.label}
        </Button>
      )}
      <RowActionsMenu name={name} actions={menu} />
    </>
  );
}

/** A tab's list of another resource, scoped to this record (`tab.resource`). */
function RelatedList({ tab, record, basePath, meta }: { tab: DetailTab<ResourceRecord>; record: ResourceRecord; basePath?: string; meta?: Record<string, unknown> }) {
  const related = useRegistry().byName(tab.resource!.name);
  if (!related) throw new Error(`No resource named '${tab.resource!.name}' for the tab '${tab.id}'`);
  const fill = (templates: Record<string, string> = {}) => Object.fromEntries(Object.entries(templates).map(([key, template]) => [key, formatMessage(template, record)]));
  return (
    <Suspense fallback={<CircularProgress size={24} aria-label="Loading" />}>
      <ResourceListPage descriptor={related} scope={{ filter: fill(tab.resource!.filter), values: fill(tab.resource!.values), parent: record, basePath, meta }} />
    </Suspense>
  );
}

/** A tab's component plugged in by the app (`detailTabs`, custom/detail-tabs.tsx; lazy or not); an unknown name is a descriptor error, logged. */
function DetailTabComponent({ name, descriptor, record }: { name: string; descriptor: AnyResourceDescriptor; record: ResourceRecord }) {
  const Component = usePlugins().detailTabs[name];
  if (!Component) {
    console.error(`${descriptor.name}: no detail tab component '${name}'`);
    return null;
  }
  // The app's tab components load on first use (custom/detail-tabs.tsx).
  return (
    <Suspense fallback={<CircularProgress size={24} aria-label="Loading" />}>
      <Component descriptor={descriptor} record={record} />
    </Suspense>
  );
}

/** The tab the URL names, else the sticky group's remembered tab, else the first. */
function openTab<T>(tabs: DetailTab<T>[], fromUrl: string | null, remembered: string | null): DetailTab<T> {
  return tabs.find((tab) => tab.id === fromUrl) ?? tabs.find((tab) => tab.id === remembered) ?? tabs[0];
}

function DetailFields({ descriptor, tab, record }: { descriptor: AnyResourceDescriptor; tab: DetailTab<ResourceRecord>; record: ResourceRecord }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, 180px) 1fr' }, alignItems: 'baseline', columnGap: 3, rowGap: 1.5 }}>
      {tab.fields.map((field) => {
        const code = tab.code?.includes(field);
        return (
        <Box key={field} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {fieldTitle(descriptor, field)}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, minWidth: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: code ? 'monospace' : undefined, fontSize: code ? 13 : undefined }}
          >
            <FieldText descriptor={descriptor} field={field} value={record[field]} />
          </Typography>
        </Box>
        );
      })}
    </Box>
  );
}
