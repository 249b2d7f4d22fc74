import { type ReactNode, useEffect, useState } from 'react';
import type { AnyResourceDescriptor, ResourceRecord } from '../../src/descriptor';
import { useActionDialogs } from '../../src/engine/ActionDialogs';
import { useAllowedActions } from '../../src/engine/actions';
import { useRegistry } from '../../src/engine/context';
import type { DeleteOutcome } from '../../src/engine/useDeleteRecords';
import type { BalloonActions, BalloonTarget } from './Balloon';
import type { TopologyServer } from './model';
import type { Removed } from './useTopology';

/** Spec 1 §9: the console popup's size. */
export const CONSOLE_POPUP = 'width=760,height=560';

/** Where the console of an instance is: its details' Console tab. */
export const consolePath = (server: TopologyServer) => `/ngdetails/OS::Nova::Server/${encodeURIComponent(server.id)}?tab=console`;

function useDescriptor(name: string): AnyResourceDescriptor {
  const descriptor = useRegistry().byName(name);
  if (!descriptor) throw new Error(`The network topology needs the ${name} resource`);
  return descriptor;
}

/**
 * The topology's actions through the engine's own dialogs, so each has the
 * panels' confirm texts, calls and messages: the toolbar's Create Network and
 * Create Router forms, and the balloons' deletes (instance, router, network,
 * router interface, subnet). A confirmed delete takes the item out of the
 * drawing (spec 1 §4.5) through `remove`.
 */
export function useTopologyActions(remove: (kind: keyof Removed, id: string) => void) {
  const instance = useDescriptor('instance');
  const router = useDescriptor('router');
  const network = useDescriptor('network');
  const routerInterface = useDescriptor('router-interface');
  const subnet = useDescriptor('subnet');
  const dialogs = {
    instance: useActionDialogs(instance),
    router: useActionDialogs(router),
    network: useActionDialogs(network),
    routerInterface: useActionDialogs(routerInterface),
    subnet: useActionDialogs(subnet),
  };
  const allowed = {
    instance: useAllowedActions(instance),
    router: useAllowedActions(router),
    network: useAllowedActions(network),
    routerInterface: useAllowedActions(routerInterface),
  };
  const [busy, setBusy] = useState(false);

  function confirmDelete(kind: keyof typeof dialogs, record: ResourceRecord, removedAs: keyof Removed, id: string) {
    setBusy(true);
    dialogs[kind].confirmDelete([record], (outcome: DeleteOutcome) => {
      if (outcome.deleted.length) remove(removedAs, id);
    });
  }

  const balloon: Omit<BalloonActions, 'busy'> = {
    openConsole: (server) => void window.open(consolePath(server), `console_${server.id}`, CONSOLE_POPUP),
    deleteDevice(target: BalloonTarget) {
      if (target.kind === 'instance') confirmDelete('instance', { id: target.server.id, name: target.server.name }, 'nodes', target.server.id);
      else if (target.kind === 'router') confirmDelete('router', { id: target.router.id, name: target.router.name }, 'nodes', target.router.id);
      else confirmDelete('network', { id: target.network.id, name: target.network.name, name_or_id: target.network.name }, 'nodes', target.network.id);
    },
    deletePort: (port) => confirmDelete('routerInterface', { id: port.id, router_id: port.routerId, name_or_id: `(${port.id.slice(0, 13)})` }, 'ports', port.id),
    deleteSubnet: (item) => confirmDelete('subnet', { id: item.id, network_id: item.networkId, name_or_id: item.cidr }, 'subnets', item.id),
    canDeleteRouter: Boolean(allowed.router.rowDelete),
    canDeletePort: Boolean(allowed.routerInterface.rowDelete),
    addInterfacePath: (item) => `/project/network_topology/router/${encodeURIComponent(item.id)}/addinterface`,
    createSubnetPath: (item) => `/project/network_topology/network/${encodeURIComponent(item.id)}/subnet/create`,
  };

  const createNetwork = allowed.network.forms.find((action) => action.id === 'create');
  const createRouter = allowed.router.forms.find((action) => action.id === 'create');
  const launch = allowed.instance.toolbarLinks.find((action) => action.id === 'launch');
  const rendered: ReactNode = (
    <>
      {dialogs.instance.dialogs}
      {dialogs.router.dialogs}
      {dialogs.network.dialogs}
      {dialogs.routerInterface.dialogs}
      {dialogs.subnet.dialogs}
    </>
  );
  // A dialog closed (confirmed or not): the actions are free again.
  const anyOpen = [dialogs.instance, dialogs.router, dialogs.network, dialogs.routerInterface, dialogs.subnet].some((each) => each.dialogs !== null);
  useEffect(() => {
    if (busy && !anyOpen) setBusy(false);
  }, [busy, anyOpen]);
  return {
    balloon: { ...balloon, busy } satisfies BalloonActions,
    dialogs: rendered,
    toolbar: {
      launch: launch ? { label: 'Launch Instance' } : null,
      createNetwork: createNetwork ? () => dialogs.network.openForm(createNetwork) : null,
      createRouter: createRouter ? () => dialogs.router.openForm(createRouter) : null,
    },
  };
}
