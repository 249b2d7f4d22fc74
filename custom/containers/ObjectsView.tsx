import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { SwiftObjectRecord } from '../../dataProviders/swift';
import { objectUrl } from '../../dataProviders/swift';
import { serverMessage } from '../../src/backend/http';
import { useBackend } from '../../src/engine/context';
import { freshWhileJustPrefetched } from '../../src/engine/queries';
import { useTimeZone } from '../../src/utils/useTimeZone';
import { visuallyHidden } from '../../src/ui/a11y';
import { CopyObjectDialog } from './dialogs/CopyObjectDialog';
import { CreateFolderDialog } from './dialogs/CreateFolderDialog';
import { DeleteObjectsDialog } from './dialogs/DeleteObjectsDialog';
import { EditObjectDialog } from './dialogs/EditObjectDialog';
import { ObjectDetailsDialog } from './dialogs/ObjectDetailsDialog';
import { UploadObjectDialog } from './dialogs/UploadObjectDialog';
import { ObjectRow } from './ObjectRow';
import { breadcrumbs, containerRoute } from './paths';
import { objectsPageQuery } from './queries';
import { ERRORS, TEXTS } from './texts';

type Modal =
  | { kind: 'upload' }
  | { kind: 'folder' }
  | { kind: 'delete'; items: SwiftObjectRecord[] }
  | { kind: 'details' | 'edit' | 'copy'; item: SwiftObjectRecord };

/**
 * The objects of a container or folder (spec 2 §2.3): breadcrumbs per
 * folder level, the objects table (Name, folders as links; Size, 'Folder'
 * for a folder; the date), the row menus (Download, View Details, Edit, Copy,
 * Delete) and the batch and global actions (upload, folder, delete).
 */
export function ObjectsView({ container, folder }: { container: string; folder: string }) {
  const { dataProvider } = useBackend();
  const { zone } = useTimeZone();
  // Markers of the pages before the current one (server paging goes forward by marker).
  const [markers, setMarkers] = useState<string[]>([]);
  const [pagedFolder, setPagedFolder] = useState(folder);
  if (pagedFolder !== folder) {
    setPagedFolder(folder);
    setMarkers([]);
  }
  const marker = markers.at(-1) ?? null;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [modal, setModal] = useState<Modal | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; item: SwiftObjectRecord } | null>(null);

  const page = useQuery({
    ...objectsPageQuery(dataProvider, container, folder, marker),
    // The screen's early start of the first page (usePrefetchFirstPage) is this query's first answer, not asked twice.
    staleTime: freshWhileJustPrefetched,
    // While the next page loads the current one stays; another folder's rows never stand in for this one's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === folder ? previous : undefined),
  });
  const items = useMemo(() => page.data?.items ?? [], [page.data]);
  const chosen = items.filter((item) => selected.has(item.id));
  const allChosen = items.length > 0 && chosen.length === items.length;

  // Stable, so that a row is drawn again only when its own props change (ObjectRow).
  const toggle = useCallback(
    (id: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const openMenu = useCallback((anchor: HTMLElement, item: SwiftObjectRecord) => setMenu({ anchor, item }), []);
  const close = () => setModal(null);
  const openRow = (kind: 'details' | 'edit' | 'copy' | 'delete') => {
    if (!menu) return;
    setModal(kind === 'delete' ? { kind, items: [menu.item] } : { kind, item: menu.item });
    setMenu(null);
  };

  return (
    <Box>
      <Breadcrumbs aria-label="Folder path" sx={{ mb: 1 }}>
        {folder ? (
          <Link component={RouterLink} to={containerRoute(container)}>
            {container}
          </Link>
        ) : (
          <Typography color="text.primary" aria-current="page">
            {container}
          </Typography>
        )}
        {breadcrumbs(folder).map((crumb, index, all) =>
          index === all.length - 1 ? (
            <Typography key={crumb.folder} color="text.primary" aria-current="page">
              {crumb.label}
            </Typography>
          ) : (
            <Link key={crumb.folder} component={RouterLink} to={containerRoute(container, crumb.folder)}>
              {crumb.label}
            </Link>
          ),
        )}
      </Breadcrumbs>
      <Box sx={{ display: 'flex', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<UploadIcon />} onClick={() => setModal({ kind: 'upload' })}>
          {TEXTS.upload}
        </Button>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setModal({ kind: 'folder' })} aria-label={TEXTS.createFolder}>
          {TEXTS.folder}
        </Button>
        <Button variant="outlined" color="error" startIcon={<DeleteIcon />} disabled={chosen.length === 0} onClick={() => setModal({ kind: 'delete', items: chosen })}>
          {TEXTS.deleteSelected}
        </Button>
      </Box>
      {page.isFetching && <LinearProgress aria-label="Loading objects" />}
      {page.isError && <Alert severity="error">{serverMessage(page.error) ?? ERRORS.objects}</Alert>}
      <Box component="table" aria-label={`Objects of ${container}`} sx={TABLE_SX}>
        <thead>
          <tr>
            <th style={{ width: 32 }}>
              <input
                type="checkbox"
                aria-label="Select all"
                checked={allChosen}
                onChange={() => setSelected(allChosen ? new Set() : new Set(items.map((item) => item.id)))}
              />
            </th>
            <th>{TEXTS.name}</th>
            <th style={{ width: 110 }}>{TEXTS.size}</th>
            <th className="date">{TEXTS.lastModified}</th>
            <th style={{ width: 48 }}>
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 && !page.isFetching && (
            <tr>
              <td colSpan={5}>{TEXTS.noItems}</td>
            </tr>
          )}
          {items.map((item) => (
            <ObjectRow key={item.id} item={item} container={container} checked={selected.has(item.id)} zone={zone} onToggle={toggle} onMenu={openMenu} />
          ))}
        </tbody>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        <Button disabled={markers.length === 0} onClick={() => setMarkers((current) => current.slice(0, -1))}>
          {TEXTS.previousPage}
        </Button>
        <Button disabled={!page.data?.hasMore} onClick={() => setMarkers((current) => [...current, items.at(-1)!.path])}>
          {TEXTS.nextPage}
        </Button>
      </Box>
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {/* Spec 2 §5: download, view and edit only for real objects; copy only above 0 bytes. */}
        {menu?.item.is_object && [
          <MenuItem key="download" component="a" href={objectUrl(container, menu.item.path)} onClick={() => setMenu(null)}>
            {TEXTS.download}
          </MenuItem>,
          <MenuItem key="details" onClick={() => openRow('details')}>
            {TEXTS.viewDetails}
          </MenuItem>,
          <MenuItem key="edit" onClick={() => openRow('edit')}>
            {TEXTS.edit}
          </MenuItem>,
          menu.item.bytes > 0 && (
            <MenuItem key="copy" onClick={() => openRow('copy')}>
              {TEXTS.copy}
            </MenuItem>
          ),
        ]}
        <MenuItem onClick={() => openRow('delete')} sx={{ color: 'error.main' }}>
          {TEXTS.delete}
        </MenuItem>
      </Menu>
      {modal?.kind === 'upload' && <UploadObjectDialog container={container} folder={folder} onClose={close} />}
      {modal?.kind === 'folder' && <CreateFolderDialog container={container} folder={folder} onClose={close} />}
      {modal?.kind === 'details' && <ObjectDetailsDialog item={modal.item} onClose={close} />}
      {modal?.kind === 'edit' && <EditObjectDialog item={modal.item} onClose={close} />}
      {modal?.kind === 'copy' && <CopyObjectDialog item={modal.item} onClose={close} />}
      {modal?.kind === 'delete' && (
        <DeleteObjectsDialog
          container={container}
          items={modal.items}
          onClose={() => {
            setSelected(new Set());
            close();
          }}
        />
      )}
    </Box>
  );
}

const TABLE_SX = {
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 14,
  '& th, & td': { borderBottom: 1, borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
  '& th': { fontWeight: 600 },
  // Long names wrap at their spaces first, inside a word only when they must.
  '& td.name': { overflowWrap: 'anywhere' },
  '& .date': { whiteSpace: 'nowrap' },
  '& .row-menu': { border: 0, background: 'none', cursor: 'pointer', fontSize: 18, lineHeight: 1, px: 1, py: 0.5, borderRadius: 1, color: 'text.secondary' },
  '& .row-menu:hover, & .row-menu:focus-visible': { bgcolor: 'action.hover' },
} as const;
