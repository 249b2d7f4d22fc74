import type { CloudDeps } from '../core/service.js';
import type { LoadBalancerCertificates } from '../load-balancer/models/collaborators.js';
import { addConsumer, findContainer, idOfRef, removeConsumer } from './models/store.js';

/**
 * Barbican as Octavia's certificate manager uses it
 * (octavia/certificates/manager/barbican.py): a TERMINATED_HTTPS listener's
 * container reference must name a certificate container of the load
 * balancer's project, and Octavia registers itself as the container's
 * consumer (name `lbaas`, URL the load balancer) while a listener uses it.
 */
export function barbicanForLoadBalancer(deps: CloudDeps): LoadBalancerCertificates {
  const { db } = deps;
  const containerOf = (ref: string) => {
    if (!ref.includes('/containers/')) return undefined;
    const id = idOfRef(ref);
    return id ? findContainer(db, id) : undefined;
  };
  return {
    resolves(projectId, ref) {
      const container = containerOf(ref);
      return Boolean(container && container.type === 'certificate' && container.project_id === projectId);
    },
    consume(ref, loadBalancerUrl, add) {
      const container = containerOf(ref);
      if (!container) return;
      if (add) addConsumer(db, deps.clock.now(), container.id, { name: 'lbaas', url: loadBalancerUrl });
      else removeConsumer(db, container.id, { name: 'lbaas', url: loadBalancerUrl });
    },
  };
}
