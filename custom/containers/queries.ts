import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBackend } from '../../src/engine/context';

/** A container of the list (spec 2 §3: name, count, bytes) and, once fetched, its details. */
export interface ContainerRecord {
  id: string;
  name: string;
  count?: number;
  bytes?: number;
  last_modified?: string;
}

/** `GET containers/{c}/metadata/` (api-contract §9). */
export interface ContainerDetails {
  id: string;
  name: string;
  container_object_count: string | null;
  container_bytes_used: string | null;
  timestamp: string | null;
  is_public: boolean;
  storage_policy: { name: string; display_name?: string } | null;
  public_url: string | null;
}

export const CONTAINERS_KEY = ['swift', 'containers'] as const;
export const containerKey = (name: string) => ['swift', 'container', name] as const;
export const objectsKey = (container: string) => ['swift', 'objects', container] as const;

export function useContainerDetails(name: string) {
  const { dataProvider } = useBackend();
  return useQuery({
    queryKey: containerKey(name),
    queryFn: async () => (await dataProvider.getOne<ContainerDetails>('container', { id: name })).data,
  });
}

/** Spec 2 §4: after an upload, edit, folder creation or delete, the container details and the object list reload. */
export function useReloadContainer(container: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: containerKey(container) }),
      queryClient.invalidateQueries({ queryKey: objectsKey(container) }),
      queryClient.invalidateQueries({ queryKey: CONTAINERS_KEY }),
    ]);
}
