import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import type { AnyResourceDescriptor, ResourceRecord } from '../descriptor';
import { ResourceTable } from '../table/ResourceTable';
import { currentPageSize } from '../table/page-size';
import type { RowAction } from '../table/types';
import { useSelection } from '../table/useSelection';
import { useActionDialogs } from './ActionDialogs';
import { appliesTo, useAllowedActions } from './actions';
import { defaultSort, tableColumns } from './columns';
import { deleteTexts } from './messages';
import { PageHeading } from './PageHeading';
import { useResourceList } from './queries';
import { idOf, nameOf } from './registry';

const NO_ROWS: ResourceRecord[] = [];

/**
 * The list page of any resource (spec 1 §2.2, §4.1; spec 2 §2.3): heading,
 * toolbar actions, batch delete disabled while nothing is checked, and the table.
 */
export default function ResourceListPage({ descriptor }: { descriptor: AnyResourceDescriptor }) {
  const list = useResourceList(descriptor);
  const rows = list.data ?? NO_ROWS;
  const ids = useMemo(() => rows.map((row) => idOf(descriptor, row)), [rows, descriptor]);
  const selection = useSelection(ids);
  const actions = useAllowedActions(descriptor);
  const dialogs = useActionDialogs(descriptor, rows);
  const columns = useMemo(() => tableColumns(descriptor), [descriptor]);
  const title = descriptor.panel?.label ?? descriptor.labels.plural;
  const checked = rows.filter((row) => selection.isSelected(idOf(descriptor, row)));

  function rowActions(row: ResourceRecord): RowAction[] {
    if (!appliesTo(actions.rowDelete, row)) return [];
    return [{ label: deleteTexts(descriptor.labels, [nameOf(descriptor, row)]).submit, onSelect: () => dialogs.confirmDelete([row]) }];
  }

  return (
    <section>
      <PageHeading title={title}>
        {actions.forms.map((action, index) => (
          <Button
            key={action.id}
            variant={index === 0 ? 'contained' : 'outlined'}
            startIcon={index === 0 ? <AddIcon /> : undefined}
            onClick={() => dialogs.openForm(action)}
          >
            {action.label}
          </Button>
        ))}
        {actions.batchDelete && (
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={checked.length === 0}
            onClick={() => dialogs.confirmDelete(checked, () => selection.clear())}
          >
            Delete {descriptor.labels.plural}
          </Button>
        )}
      </PageHeading>
      <ResourceTable
        caption={title}
        columns={columns}
        rows={rows}
        loading={list.isPending && list.fetchStatus !== 'idle'}
        rowId={(row) => idOf(descriptor, row)}
        rowName={(row) => nameOf(descriptor, row)}
        selection={actions.batchDelete ? selection : undefined}
        defaultSort={defaultSort(descriptor)}
        pageSize={currentPageSize()}
        rowActions={actions.rowDelete ? rowActions : undefined}
      />
      {dialogs.dialogs}
    </section>
  );
}
