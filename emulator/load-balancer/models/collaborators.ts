import type { CloudDeps } from '../../core/service.js';

/**
 * What Octavia asks of the other services, as interfaces owned by the
 * load balancer service (as compute/models/collaborators.ts does for Nova):
 * Neutron for the VIP port and the members' reachability, Barbican for the
 * TLS containers of TERMINATED_HTTPS listeners. Implemented next to the
 * service owning the data (`network/lb-ports.ts`, `key-manager/lb-certificates.ts`)
 * and wired in `emulator/services.ts`; they share the SQLite database, so
 * their writes join Octavia's transaction.
 */

export interface LbCaller {
  projectId: string;
  isAdmin: boolean;
}

export interface VipPort {
  portId: string;
  address: string;
  subnetId: string;
  networkId: string;
}

export interface LoadBalancerNetworking {
  /** The subnet the caller may use, or null (unknown or another project's private one). */
  findSubnet(caller: LbCaller, id: string): { id: string; networkId: string } | null;
  /** The first subnet of a network the caller may use; null when the network is unknown or has none. */
  subnetOfNetwork(caller: LbCaller, networkId: string): { id: string; networkId: string } | null;
  /** A port the caller may use, with its first fixed IP; null when unknown. */
  findPort(caller: LbCaller, id: string): VipPort | null;
  /** Creates the VIP port (device_owner `Octavia`, name `octavia-lb-<id>`) on the subnet; Neutron's refusal (address taken, not in the subnet) is thrown as a 400. */
  createVipPort(projectId: string, loadBalancerId: string, subnetId: string, address?: string): VipPort;
  /** Deletes the VIP port at the end of the load balancer's deletion (its floating IPs are disassociated). */
  deleteVipPort(portId: string): void;
  /** Whether a member at this address answers a health monitor: a fixed IP of a bound, ACTIVE instance port. */
  memberAnswers(address: string, subnetId: string | null): boolean;
}

export interface LoadBalancerCertificates {
  /** Whether a container reference resolves to a certificate container the project may read. */
  resolves(projectId: string, ref: string): boolean;
  /** Registers (or removes) the load balancer as a consumer of the container, as Octavia's Barbican cert manager does. */
  consume(ref: string, loadBalancerUrl: string, add: boolean): void;
}

export interface LoadBalancerCollaborators {
  networking: LoadBalancerNetworking;
  certificates: LoadBalancerCertificates;
}

export type CollaboratorFactories = {
  networking?: (deps: CloudDeps) => LoadBalancerNetworking;
  certificates?: (deps: CloudDeps) => LoadBalancerCertificates;
};
