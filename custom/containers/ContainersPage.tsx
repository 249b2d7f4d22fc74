import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorStatus, isAlreadyReported, serverMessage } from '../../src/backend/http';
import { useBackend } from '../../src/engine/context';
import { PageHeading } from '../../src/engine/PageHeading';
import { useToastStore } from '../../src/toasts/context';
import { ContainerInfo } from './ContainerInfo';
import { ConfirmDialog } from './dialogs/ConfirmDialog';
import { CreateContainerDialog } from './dialogs/CreateContainerDialog';
import { ObjectsView } from './ObjectsView';
import { CONTAINERS_PATH, containerRoute, parseRoute } from './paths';
import { ERRORS, fill, TEXTS } from './texts';
import { CONTAINERS_KEY, type ContainerRecord, usePrefetchFirstPage } from './queries';

/**
 * The object storage browser (spec 2 §2.1, §2.3; ARCHITECTURE: one of the
 * three hand-written screens): the containers on the left, with create,
 * delete, the access toggle and a prefix search; the selected container's
 * info panel; and on the right the objects of the container or folder the
 * URL names.
 */
export default function ContainersPage() {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { container, folder } = parseRoute(useLocation().pathname);
  usePrefetchFirstPage(container, folder);
  const [prefix, setPrefix] = useState('');
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  // The list comes 1,000 at a time (api-contract §9); the last names of the pages before the current one.
  const [markers, setMarkers] = useState<string[]>([]);
  const marker = markers.at(-1) ?? null;

  const containers = useQuery({
    queryKey: [...CONTAINERS_KEY, prefix, marker],
    queryFn: async () => {
      const answer = await dataProvider.getList<ContainerRecord>('container', {
        filter: prefix ? { prefix } : {},
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'name', order: 'ASC' },
        meta: { marker },
      });
      return { items: answer.data, hasMore: answer.pageInfo?.hasNextPage === true };
    },
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === prefix ? previous : undefined),
  });
  const list = containers.data?.items;

  const onDelete = async (name: string) => {
    setDeleting(null);
    try {
      await dataProvider.delete('container', { id: name });
      toasts.success(fill(TEXTS.containerDeleted, { name }));
      if (container === name) navigate(CONTAINERS_PATH);
    } catch (error) {
      // Spec 2 §8: a 409 shows the server's message.
      if (!isAlreadyReported(error)) toasts.error((errorStatus(error) === 409 && serverMessage(error)) || ERRORS.deleteContainer);
    }
    await queryClient.invalidateQueries({ queryKey: CONTAINERS_KEY });
  };

  return (
    <Box>
      <PageHeading title={TEXTS.heading} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
        <Box component="section" aria-label={TEXTS.heading} sx={{ width: { xs: '100%', md: 340 }, flexShrink: 0 }}>
          <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setCreating(true)} aria-label={TEXTS.createContainer}>
              {TEXTS.newContainer}
            </Button>
            <TextField
              size="small"
              placeholder={TEXTS.prefix}
              slotProps={{ htmlInput: { 'aria-label': TEXTS.prefix } }}
              value={prefix}
              onChange={(event) => {
                setPrefix(event.target.value);
                setMarkers([]);
              }}
            />
          </Box>
          {containers.isError && <Alert severity="error">{serverMessage(containers.error) ?? ERRORS.containerDetails}</Alert>}
          {list?.length === 0 && <p>{TEXTS.noItems}</p>}
          <Paper variant="outlined" sx={{ display: list?.length ? undefined : 'none' }}>
            <List dense disablePadding aria-label="Container list">
              {list?.map((item) => {
                const selected = item.name === container;
                return (
                  <Box key={item.name} sx={{ borderBottom: 1, borderColor: 'divider' }}>
                    <Box sx={{ display: 'flex', alignItems: 'center' }}>
                      <ListItemButton selected={selected} onClick={() => navigate(containerRoute(item.name))} aria-current={selected ? 'page' : undefined}>
                        <ListItemText primary={item.name} slotProps={{ primary: { noWrap: true, title: item.name } }} />
                      </ListItemButton>
                      {selected && (
                        <Tooltip title={TEXTS.deleteContainer}>
                          <IconButton aria-label={`${TEXTS.deleteContainer} ${item.name}`} onClick={() => setDeleting(item.name)} size="small">
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </Box>
                    {selected && <ContainerInfo name={item.name} />}
                  </Box>
                );
              })}
            </List>
          </Paper>
          {(markers.length > 0 || containers.data?.hasMore) && (
            <Box component="nav" aria-label="Container pages" sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
              <Button disabled={markers.length === 0} onClick={() => setMarkers((current) => current.slice(0, -1))}>
                {TEXTS.previousPage}
              </Button>
              <Button disabled={!containers.data?.hasMore} onClick={() => setMarkers((current) => [...current, list!.at(-1)!.name])}>
                {TEXTS.nextPage}
              </Button>
            </Box>
          )}
        </Box>
        <Box component="section" aria-label="Objects" sx={{ flex: 1, minWidth: 0 }}>
          {container ? <ObjectsView key={container} container={container} folder={folder} /> : <Alert severity="info">{TEXTS.selectContainer}</Alert>}
        </Box>
      </Box>
      {creating && <CreateContainerDialog onClose={() => setCreating(false)} />}
      {deleting && (
        <ConfirmDialog
          title={TEXTS.confirmDelete}
          message={fill(TEXTS.confirmDeleteContainer, { name: deleting })}
          confirm={TEXTS.delete}
          onConfirm={() => void onDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}
