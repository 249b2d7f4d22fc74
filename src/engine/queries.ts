import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isAlreadyReported } from '../../dataProviders/http';
import type { AnyResourceDescriptor, ResourceRecord } from '../descriptor';
import { useToastStore } from '../toasts/context';
import { useBackend } from './context';

/** Query keys of one resource; invalidating `resourceKey(name)` refreshes all its views. */
export const resourceKey = (name: string) => ['resource', name] as const;

/**
 * The whole list of a resource. Tables sort and page on the client, as the
 * spec's browser does (api-contract §1.6), so all records are fetched.
 */
export function useResourceList(descriptor: AnyResourceDescriptor, options: { enabled?: boolean } = {}) {
  const { dataProvider } = useBackend();
  const query = useQuery({
    queryKey: [...resourceKey(descriptor.name), 'list'],
    queryFn: async ({ signal }) => (await dataProvider.getList<ResourceRecord & { id: string }>(descriptor.name, { signal })).data,
    enabled: options.enabled ?? true,
  });
  useErrorToast(query.error, descriptor.texts?.listError);
  return query;
}

/** One record by id; a 404 is reported as `notFound` rather than toasted. */
export function useResourceRecord(descriptor: AnyResourceDescriptor | undefined, id: string) {
  const { dataProvider } = useBackend();
  const query = useQuery({
    queryKey: [...resourceKey(descriptor?.name ?? ''), 'one', id],
    queryFn: async ({ signal }) => (await dataProvider.getOne<ResourceRecord & { id: string }>(descriptor!.name, { id, signal })).data,
    enabled: Boolean(descriptor),
    retry: false,
  });
  const notFound = (query.error as { status?: number } | null)?.status === 404;
  useErrorToast(notFound ? null : query.error, descriptor?.texts?.loadError);
  return { ...query, notFound };
}

export function useInvalidateResource() {
  const queryClient = useQueryClient();
  return (descriptor: AnyResourceDescriptor) => queryClient.invalidateQueries({ queryKey: resourceKey(descriptor.name) });
}

/** A failed load toasts the resource's message, unless a 401/403 toast already explained it. */
function useErrorToast(error: unknown, message: string | undefined) {
  const toasts = useToastStore();
  useEffect(() => {
    if (error && !isAlreadyReported(error)) toasts.error(message ?? 'An error occurred. Please try again later.');
  }, [error, message, toasts]);
}
