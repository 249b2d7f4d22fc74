import type { CatalogEntry } from '../../shared/catalog.js';
import { serviceRegions } from '../openstack/catalog.js';
import type { SessionData } from '../plugins/session.js';

/** Roles that make a user a superuser (Horizon's OPENSTACK_KEYSTONE_ADMIN_ROLES). */
const ADMIN_ROLES = ['admin'];

/** Whether the session's roles make its user a superuser, who sees every project's resources in the services' lists. */
export function isSuperuser(session: Pick<SessionData, 'roles'>): boolean {
  return session.roles.some((role) => ADMIN_ROLES.includes(role.toLowerCase()));
}

/** The `user-session/` object of api-contract §3. It never carries the token. */
export function userSession(session: SessionData, catalog: CatalogEntry[]) {
  return {
    id: session.userId,
    username: session.userName,
    user_domain_id: session.userDomainId,
    user_domain_name: session.userDomainName,
    project_id: session.projectId,
    project_name: session.projectName,
    domain_id: session.domainId,
    domain_name: session.domainName,
    roles: session.roles.map((name) => ({ name })),
    is_superuser: isSuperuser(session),
    enabled: true,
    services_region: session.region,
    available_services_regions: serviceRegions(catalog),
  };
}
