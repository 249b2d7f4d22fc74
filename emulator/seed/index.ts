import { seedFlavors } from '../compute/models/flavors.js';
import type { ServiceEntry } from '../core/service.js';
import { ensureService } from '../identity/models/catalog.js';
import { verifyPasswordSync } from '../identity/models/passwords.js';
import { createDomain, createProject, findDomain, findProjectByName } from '../identity/models/resources.js';
import { createGrant, createImpliedRole, createRole, findRoleByName } from '../identity/models/roles.js';
import { grantSystem } from '../identity/models/system-grants.js';
import { createUser, findUserByName, passwordHashOf, setUserPassword } from '../identity/models/users.js';
import { seedNetworking } from '../network/models/seed.js';
import type { Db } from '../store/db.js';
import { seedVolumes } from '../volume/models/seed.js';
import type { ResolvedCredentials, SeedUser } from './credentials.js';
import { seedImages } from './images.js';

/**
 * The demo cloud, seeded on every start and idempotent: what exists is kept
 * (ids are stable), what is missing is created. Later issues add images,
 * networks, … here.
 */

export const DEFAULT_DOMAIN_ID = 'default';
export const REGION = 'RegionOne';

const PROJECTS = [
  { name: 'admin', description: 'Bootstrap project for initializing the cloud.' },
  { name: 'demo', description: 'Demo Project' },
];

/** The first grant of each user is on its default project; admin, as after devstack, is admin of demo too. */
const GRANTS: { user: SeedUser; project: string; role: string }[] = [
  { user: 'admin', project: 'admin', role: 'admin' },
  { user: 'admin', project: 'demo', role: 'admin' },
  { user: 'demo', project: 'demo', role: 'member' },
];

export function seedCloud(db: Db, options: { credentials: ResolvedCredentials; services: readonly ServiceEntry[]; now: number; dataDir: string }): void {
  db.tx(() => {
    if (!findDomain(db, DEFAULT_DOMAIN_ID)) createDomain(db, { id: DEFAULT_DOMAIN_ID, name: 'Default', description: 'The default domain' });

    // The three default roles of keystone-manage bootstrap: admin ⇒ member ⇒ reader.
    const roleId = (name: string) => (findRoleByName(db, name) ?? createRole(db, { name, immutable: true })).id;
    const [admin, member, reader] = ['admin', 'member', 'reader'].map(roleId);
    createImpliedRole(db, admin, member);
    createImpliedRole(db, member, reader);

    for (const project of PROJECTS) {
      if (!findProjectByName(db, project.name, DEFAULT_DOMAIN_ID)) createProject(db, { ...project, domainId: DEFAULT_DOMAIN_ID });
    }

    // Grants are seeded with their user only, so that a revoked role stays revoked after a restart.
    const createdUsers = new Set<SeedUser>();
    for (const grant of GRANTS) {
      const project = findProjectByName(db, grant.project, DEFAULT_DOMAIN_ID)!;
      const password = options.credentials.passwords[grant.user];
      let user = findUserByName(db, grant.user, DEFAULT_DOMAIN_ID);
      if (!user) {
        user = createUser(db, { name: grant.user, domainId: DEFAULT_DOMAIN_ID, password, defaultProjectId: project.id }, options.now);
        createdUsers.add(grant.user);
      } else if (options.credentials.enforce[grant.user] && !verifyPasswordSync(password, passwordHashOf(db, user.id))) {
        setUserPassword(db, user.id, password);
      }
      if (createdUsers.has(grant.user)) createGrant(db, user.id, 'project', project.id, roleId(grant.role));
    }
    // keystone-manage bootstrap makes its admin the admin of the system too (system-scoped tokens).
    const adminUser = findUserByName(db, 'admin', DEFAULT_DOMAIN_ID);
    if (adminUser && createdUsers.has('admin')) grantSystem(db, 'user', adminUser.id, admin);

    for (const service of options.services) {
      ensureService(db, { type: service.type, name: service.name, urlPath: `/cloud${service.endpointPath}`, regionId: REGION });
    }

    // m1.tiny … m1.xlarge, public, ids 1 to 5; each made once, so one an admin deletes stays deleted.
    seedFlavors(db, options.now);

    // Metadata definitions and the small bootable public image.
    seedImages(db, { dataDir: options.dataDir, adminProjectId: findProjectByName(db, 'admin', DEFAULT_DOMAIN_ID)!.id, now: options.now });

    // Public network, shared subnet pool, each project's private network, router1 and default security group.
    if (options.services.some((service) => service.type === 'network')) {
      const projectId = (name: string) => findProjectByName(db, name, DEFAULT_DOMAIN_ID)!.id;
      seedNetworking(db, options.now, { admin: projectId('admin'), demo: projectId('demo') });
    }

    // Volume types standard and fast, and demo-volume in the demo project; each made once.
    const demoProject = findProjectByName(db, 'demo', DEFAULT_DOMAIN_ID);
    const demoUser = findUserByName(db, 'demo', DEFAULT_DOMAIN_ID);
    if (demoProject && demoUser) seedVolumes(db, options.now, { projectId: demoProject.id, userId: demoUser.id });
  });
}
