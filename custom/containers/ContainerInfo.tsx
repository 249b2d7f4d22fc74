import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isAlreadyReported } from '../../src/backend/http';
import { useBackend } from '../../src/engine/context';
import { useToastStore } from '../../src/toasts/context';
import { formatBytes } from '../../src/utils/units';
import { formatMediumDate } from '../../src/utils/dates';
import { useTimeZone } from '../../src/utils/useTimeZone';
import { type ContainerDetails, containerKey, useContainerDetails } from './queries';
import { ERRORS, fill, TEXTS } from './texts';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, py: 0.25 }}>
      <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {label}
      </Box>
      <Box component="span" sx={{ textAlign: 'right' }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * The selected container's panel (Horizon's accordion body): object count,
 * size, date created, storage policy, and the Public Access toggle with the
 * public URL (spec 2 §4: on failure the flag is reverted).
 */
export function ContainerInfo({ name }: { name: string }) {
  const { dataProvider } = useBackend();
  const toasts = useToastStore();
  const queryClient = useQueryClient();
  const details = useContainerDetails(name);
  const { zone } = useTimeZone();

  if (details.isError) return <Box sx={{ px: 2, pb: 1, color: 'error.main' }}>{ERRORS.containerDetails}</Box>;
  if (!details.data) return <LinearProgress aria-label={`Loading ${name}`} sx={{ mx: 2, mb: 1 }} />;
  const data = details.data;

  const toggle = async (isPublic: boolean) => {
    const key = containerKey(name);
    queryClient.setQueryData<ContainerDetails>(key, { ...data, is_public: isPublic });
    try {
      await dataProvider.update('container', { id: name, data: { is_public: isPublic }, previousData: { id: name } });
      toasts.success(fill(TEXTS.containerAccessChanged, { name, access: isPublic ? 'public' : 'private' }));
    } catch (error) {
      queryClient.setQueryData<ContainerDetails>(key, { ...data, is_public: !isPublic });
      if (!isAlreadyReported(error)) toasts.error(ERRORS.access);
    }
    await queryClient.invalidateQueries({ queryKey: key });
  };

  const policy = data.storage_policy;
  return (
    <Box component="ul" aria-label={`${name} details`} sx={{ listStyle: 'none', m: 0, px: 2, pb: 1, fontSize: 14 }}>
      <Row label={TEXTS.objectCount}>{data.container_object_count ?? 0}</Row>
      <Row label={TEXTS.size}>{formatBytes(Number(data.container_bytes_used ?? 0))}</Row>
      <Row label={TEXTS.dateCreated}>{data.timestamp ? formatMediumDate(`${data.timestamp}Z`, zone) : ''}</Row>
      <Row label={TEXTS.storagePolicy}>{policy ? (policy.display_name ? `${policy.display_name} (${policy.name})` : policy.name) : ''}</Row>
      <Row label={<FormControlLabel control={<Checkbox size="small" checked={data.is_public} onChange={(event) => void toggle(event.target.checked)} />} label={TEXTS.publicAccess} />}>
        {data.public_url ? (
          <Link href={data.public_url} target="_blank" rel="noreferrer" title={data.public_url}>
            {TEXTS.link}
          </Link>
        ) : (
          TEXTS.disabled
        )}
      </Row>
      {data.public_url && (
        <Box component="li" sx={{ fontSize: 12, color: 'text.secondary', wordBreak: 'break-all' }} aria-label="Public URL">
          {data.public_url}
        </Box>
      )}
    </Box>
  );
}
