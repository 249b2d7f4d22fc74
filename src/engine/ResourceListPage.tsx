import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { AnyResourceDescriptor, ResourceRecord } from '../descriptor';
import { formatValue } from '../schema/fields';
import { filterRows, persistedTerms, type SearchTerm } from '../search/facets';
import { FacetSearchBar } from '../search/FacetSearchBar';
import { ResourceTable } from '../table/ResourceTable';
import { choosePageSize, currentPageSize } from '../table/page-size';
import { DISABLED_ACTION_TOOLTIP, EXPAND_ROW_HINT, type RowAction, type ServerPaging, type SortState } from '../table/types';
import { useSelection } from '../table/useSelection';
import { useToastStore } from '../toasts/context';
import { useConditions, useSettings, useUserSession } from './access';
import { useActionDialogs } from './ActionDialogs';
import { appliesTo, rowFormsFor, useAllowedActions } from './actions';
import { commandActions } from './row-commands';
import { defaultSort, tableColumns } from './columns';
import { FieldList } from './FieldList';
import { listPanelKey, listRequest, panelFacets } from './list-request';
import { deleteTexts, formatMessage, joinNames } from './messages';
import { PageHeading } from './PageHeading';
import { operationTexts } from './operations';
import { isTransitional, useRowPolling } from './polling';
import { QUOTA_EXCEEDED, useExhaustedQuotas } from './quota';
import { listKey, pageKey, type PageOptions, type ResourcePage, useResourceList, useResourcePage } from './queries';
import { ACTION_PARAM, idOf, nameOf } from './registry';

const NO_ROWS: ResourceRecord[] = [];
/** Horizon's text while a filter-first table waits for a search. */
export const FILTER_FIRST_MESSAGE = 'Please provide a search criteria first.';

/**
 * A list inside another record's details (a network's subnets): `filter`
 * goes to the data provider with the search's, `values` are added to what
 * create actions send.
 */
export interface ListScope {
  filter: Record<string, string>;
  values?: Record<string, string>;
  /** The details page's record: a create form of the list reads it as its form record (`{id}` in an x-options filter). */
  parent?: ResourceRecord;
  /** The nested details page the list is in (`nested`, spec 3 §2.1): its names link below this path. */
  basePath?: string;
  /** `getOne`'s meta for the rows (a nested list's parent ids, `meta.parents`). */
  meta?: Record<string, unknown>;
}


/**
 * The list page of any resource (spec 1 §2.2, §4.1, §4.6; spec 2 §2.3):
 * heading, toolbar actions, batch delete disabled while nothing is checked,
 * the facet search bar, and the table with expandable rows, polling of
 * transitional rows and client or server paging. With a `scope` it is a
 * section of a details page (an h2, the scope's filter, its own search).
 */
export default function ResourceListPage({ descriptor, scope, title: heading }: { descriptor: AnyResourceDescriptor; scope?: ListScope; title?: string }) {
  const facets = useMemo(() => panelFacets(descriptor), [descriptor]);
  const panelKey = listPanelKey(descriptor, scope);
  const [terms, setTerms] = useState<SearchTerm[]>(() => persistedTerms.load(panelKey, facets));
  const [quickText, setQuickText] = useState('');
  const session = useUserSession();
  const settings = useSettings();
  const request = listRequest(descriptor, { terms, session: session.data, settings: settings.data, scope });
  const filterJson = JSON.stringify(request.filter);
  const filter = useMemo(() => JSON.parse(filterJson) as Record<string, string>, [filterJson]);
  const { waitsForFilter, waits } = request;

  const serverPaged = descriptor.paging === 'server';
  const [pageSize, setPageSize] = useState(currentPageSize);
  // Markers of the pages before this one: the last is this page's marker.
  const [markers, setMarkers] = useState<string[]>([]);
  const marker = markers.at(-1);
  // The order a server-sorted list asks for (`sorting: 'server'`); the table sorts the others itself.
  const [serverSort, setServerSort] = useState<SortState | undefined>(() => defaultSort(descriptor));
  const serverSorted = serverPaged && descriptor.sorting === 'server';
  const pageNumber = markers.length + 1;
  const pageOptions = useMemo<PageOptions>(
    () => ({ filter, marker, limit: pageSize, page: pageNumber, ...(serverSorted ? { sort: serverSort } : {}) }),
    [filter, marker, pageSize, pageNumber, serverSorted, serverSort],
  );
  const list = useResourceList(descriptor, { enabled: !serverPaged && !waits, filter });
  const page = useResourcePage(descriptor, { enabled: serverPaged && !waits, ...pageOptions });
  const query = serverPaged ? page : list;
  const fetched = (waits ? undefined : serverPaged ? page.data?.rows : list.data) ?? NO_ROWS;

  const queryClient = useQueryClient();
  const updateRows = useCallback(
    (change: (rows: ResourceRecord[]) => ResourceRecord[]) => {
      if (serverPaged) {
        queryClient.setQueryData<ResourcePage>(pageKey(descriptor, pageOptions), (current) => current && { ...current, rows: change(current.rows) });
      } else {
        queryClient.setQueryData<ResourceRecord[]>(listKey(descriptor, Object.keys(filter).length ? filter : undefined), (current) => current && change(current));
      }
    },
    [queryClient, descriptor, serverPaged, filter, pageOptions],
  );
  const updating = useRowPolling(descriptor, fetched, updateRows, scope?.meta);

  const basePath = scope?.basePath;
  const allColumns = useMemo(() => tableColumns(descriptor, basePath), [descriptor, basePath]);
  const shown = useConditions(descriptor.columns.map((column) => column.requires));
  const columns = allColumns.filter((_column, index) => shown[index]);
  const rows = useMemo(() => {
    const search = quickText ? [...terms, { value: quickText }] : terms;
    // Free text matches what the columns show, e.g. 'SSH Key' rather than 'ssh'.
    return filterRows(fetched, search, facets, (row) => descriptor.columns.map((column) => formatValue(descriptor, column.field, row[column.field])));
  }, [fetched, terms, quickText, facets, descriptor]);

  const ids = useMemo(() => rows.map((row) => idOf(descriptor, row)), [rows, descriptor]);
  const selection = useSelection(ids);
  const actions = useAllowedActions(descriptor);
  const dialogs = useActionDialogs(descriptor, fetched, scope?.values, scope?.parent, scope?.filter);
  const toasts = useToastStore();
  const navigate = useNavigate();
  // A panel tab's list is headed by the tab's label (`panel.tabs`).
  const title = heading ?? ((!scope && descriptor.panel?.label) || descriptor.labels.plural);
  const [params, setParams] = useSearchParams();
  const requested = params.get(ACTION_PARAM);
  const requestedAction = requested ? actions.forms.find((action) => action.id === requested) : undefined;
  useEffect(() => {
    // A link to `…/subnet/create` opens the form once the action is known to be allowed.
    if (!requestedAction) return;
    dialogs.openForm(requestedAction);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(ACTION_PARAM);
        return next;
      },
      { replace: true },
    );
    // Opened once per request: `dialogs` is new on every render, so it is left out of the dependencies.
  }, [requestedAction]);
  const checked = rows.filter((row) => selection.isSelected(idOf(descriptor, row)));
  const expandable = Boolean(descriptor.expand?.length);

  function rowActions(row: ResourceRecord, expand: () => void): RowAction[] {
    // Row forms and wizards (edit, update access) that apply to this record come first.
    const forms: RowAction[] = rowFormsFor(actions, row).map((action) => ({ label: action.label, onSelect: () => dialogs.openEdit(action, row) }));
    const edits = [...forms, ...commandActions(actions.rowCommands, row, { navigate, operate: (action) => dialogs.runOperation(action, [row]) })];
    if (!actions.rowDelete) return edits;
    const label = deleteTexts(descriptor.labels, [nameOf(descriptor, row)]).submit;
    if (!appliesTo(actions.rowDelete, row)) {
      // Spec 1 §8: the default tooltip of an action that cannot be performed.
      const tooltip = expandable ? `${DISABLED_ACTION_TOOLTIP} ${EXPAND_ROW_HINT}` : DISABLED_ACTION_TOOLTIP;
      return [...edits, { label, disabled: true, tooltip, onSelect: expandable ? expand : () => {} }];
    }
    // Spec 1 §4.1: a delete clears the selection.
    return [...edits, { label, onSelect: () => dialogs.confirmDelete([row], () => selection.clear()) }];
  }

  const serverPaging: ServerPaging | undefined = serverPaged
    ? {
        hasPrev: markers.length > 0,
        hasNext: page.data?.hasNext ?? false,
        page: pageNumber,
        // Spec 3 §9.3: pages = ceil(total / number), when the service tells its total.
        pageCount: page.data?.total === undefined ? undefined : Math.max(1, Math.ceil(page.data.total / pageSize)),
        onSort: serverSorted
          ? (next) => {
              setServerSort(next);
              setMarkers([]); // a new order starts from the first page
            }
          : undefined,
        onPrev: () => setMarkers((previous) => previous.slice(0, -1)),
        onNext: () => {
          const last = fetched.at(-1);
          if (last) setMarkers((previous) => [...previous, idOf(descriptor, last)]);
        },
        pageSize,
        onPageSize: (size) => {
          choosePageSize(size);
          setPageSize(size);
          setMarkers([]); // a new page size starts from the first page
        },
      }
    : undefined;

  // Horizon's create buttons: disabled and labelled '(Quota exceeded)' once a quota they need is used up.
  // Asked once the list has answered: the first row waits for no call it does not need (issue 17).
  const exhausted = useExhaustedQuotas(
    [...actions.toolbarLinks, ...actions.forms].flatMap((action) => action.quota ?? []),
    query.data !== undefined || query.isError || waits,
  );
  const overQuota = (action: { quota?: string[] }) => Boolean(action.quota?.some((name) => exhausted.has(name)));
  const quotaLabel = (action: { label: string; quota?: string[] }) => (overQuota(action) ? `${action.label} ${QUOTA_EXCEEDED}` : action.label);

  function search(next: SearchTerm[]) {
    setTerms(next);
    if (!scope) persistedTerms.save(panelKey, facets, next);
    setMarkers([]); // a new search starts from the first page
  }

  return (
    <section>
      <PageHeading title={title} level={scope ? 2 : 1}>
        {actions.toolbarLinks.map((action) => (
          // A link, so that it opens in a new tab too; disabled until its target exists or while its quota is used up.
          <Button
            key={action.id}
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!action.to || overQuota(action)}
            component={RouterLink}
            to={action.to ?? ''}
          >
            {quotaLabel(action)}
          </Button>
        ))}
        {actions.forms.map((action, index) => (
          <Button
            key={action.id}
            variant={index === 0 ? 'contained' : 'outlined'}
            startIcon={index === 0 ? <AddIcon /> : undefined}
            disabled={overQuota(action)}
            onClick={() => dialogs.openForm(action)}
          >
            {quotaLabel(action)}
          </Button>
        ))}
        {actions.batchOperations.map((action) => (
          <Button
            key={action.id}
            variant="outlined"
            disabled={checked.length === 0}
            onClick={() => {
              // Horizon leaves out the checked rows the action does not apply to, and names them.
              const refused = checked.filter((row) => !appliesTo(action, row));
              if (refused.length) toasts.error(operationTexts(action, refused.map((row) => nameOf(descriptor, row))).notAllowed);
              const rest = checked.filter((row) => !refused.includes(row));
              if (rest.length) dialogs.runOperation(action, rest, () => selection.clear());
            }}
          >
            {action.labelPlural ?? action.label}
          </Button>
        ))}
        {actions.batchDelete && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={checked.length === 0}
            onClick={() => {
              // Checked rows the delete does not apply to are left out and named (spec 2 §8, e.g. protected images).
              const refused = checked.filter((row) => !appliesTo(actions.batchDelete, row));
              const template = actions.batchDelete!.notAllowed;
              const warning = refused.length && template ? formatMessage(template, { names: joinNames(refused.map((row) => nameOf(descriptor, row))) }) : undefined;
              const rest = checked.filter((row) => !refused.includes(row));
              if (warning && actions.batchDelete!.notAllowedAs === 'toast') {
                toasts.error(warning);
                if (rest.length) dialogs.confirmDelete(rest, () => selection.clear());
              } else dialogs.confirmDelete(rest, () => selection.clear(), warning);
            }}
          >
            {deleteTexts(descriptor.labels, ['', '']).submit}
          </Button>
        )}
      </PageHeading>
      <FacetSearchBar facets={facets} terms={terms} onChange={search} onQuickSearch={setQuickText} />
      <ResourceTable
        caption={title}
        columns={columns}
        rows={rows}
        loading={(query.isPending || query.isPlaceholderData) && query.fetchStatus !== 'idle'}
        rowId={(row) => idOf(descriptor, row)}
        rowName={(row) => nameOf(descriptor, row)}
        selection={actions.batchDelete || actions.batchOperations.length > 0 ? selection : undefined}
        defaultSort={defaultSort(descriptor)}
        pageSize={pageSize}
        rowActions={actions.rowDelete || actions.rowForms.length > 0 || actions.rowCommands.length > 0 ? rowActions : undefined}
        expandedRow={expandable ? (row) => <FieldList descriptor={descriptor} record={row} fields={descriptor.expand!} /> : undefined}
        isUpdating={descriptor.poll ? (row) => updating.has(idOf(descriptor, row)) && isTransitional(descriptor, row) : undefined}
        serverPaging={serverPaging}
        emptyMessage={waitsForFilter ? FILTER_FIRST_MESSAGE : undefined}
      />
      {dialogs.dialogs}
    </section>
  );
}
