import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { resourceCall } from '../../src/backend/verbs';
import { useBackend } from '../../src/engine/context';
import { resourceKey } from '../../src/engine/queries';
import type { TopologyData } from './model';

/** Spec 1 §9: the topology reloads every 10000 ms. */
export const TOPOLOGY_REFRESH_MS = 10_000;

/** What a create or delete anywhere in the app changes on the drawing. */
const WATCHED = ['network', 'subnet', 'router', 'router-interface', 'instance'];

/** What was deleted from a balloon: kept out of the drawing until the cloud no longer lists it (spec 1 §4.5). */
export interface Removed {
  nodes: Set<string>;
  ports: Set<string>;
  subnets: Set<string>;
}

/** `data` without what was just deleted: the nodes, their ports, the deleted ports and subnets. */
export function withoutRemoved(data: TopologyData, removed: Removed): TopologyData {
  if (!removed.nodes.size && !removed.ports.size && !removed.subnets.size) return data;
  return {
    networks: data.networks
      .filter((network) => !removed.nodes.has(network.id))
      .map((network) => (network.subnets.some((subnet) => removed.subnets.has(subnet.id)) ? { ...network, subnets: network.subnets.filter((subnet) => !removed.subnets.has(subnet.id)) } : network)),
    routers: data.routers.filter((router) => !removed.nodes.has(router.id)),
    servers: data.servers.filter((server) => !removed.nodes.has(server.id)),
    ports: data.ports.filter((port) => !removed.ports.has(port.id) && !removed.nodes.has(port.device_id) && !removed.nodes.has(port.network_id)),
  };
}

/**
 * The topology's data (api-contract §12), read on entry and every 10 s
 * (spec 1 §4.5, §9), and again when a create or delete elsewhere in the app
 * changes networks, routers or instances. `remove` takes a deleted item out
 * of the drawing at once and reloads.
 */
export function useTopology() {
  const { dataProvider } = useBackend();
  const query = useQuery({
    queryKey: ['network-topology'],
    queryFn: async () => (await resourceCall(dataProvider)('network', { id: '', name: 'topology' })).data as TopologyData,
    refetchInterval: TOPOLOGY_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
  // Watchers of the resources' query keys: the engine invalidates them after its forms and deletes.
  const watchers = useQueries({
    queries: WATCHED.map((name) => ({ queryKey: [...resourceKey(name), 'topology-watch'], queryFn: () => Date.now(), staleTime: Infinity })),
  });
  const ready = watchers.every((watcher) => watcher.dataUpdatedAt > 0);
  const stamp = ready ? watchers.map((watcher) => watcher.dataUpdatedAt).join(',') : '';
  const previous = useRef('');
  const { refetch } = query;
  useEffect(() => {
    if (previous.current && stamp && previous.current !== stamp) void refetch();
    if (stamp) previous.current = stamp;
  }, [stamp, refetch]);

  const [removed, setRemoved] = useState<Removed>({ nodes: new Set(), ports: new Set(), subnets: new Set() });
  const data = useMemo(() => (query.data ? withoutRemoved(query.data, removed) : undefined), [query.data, removed]);
  const remove = (kind: keyof Removed, id: string) => {
    setRemoved((current) => ({ ...current, [kind]: new Set([...current[kind], id]) }));
    void refetch();
  };
  return { data, isError: query.isError && !query.data, remove, refetch };
}
