import type { CloudDeps } from '../../core/service.js';
import type { Domain, Project } from '../models/resources.js';
import type { Group } from '../models/groups.js';
import type { Role } from '../models/roles.js';
import type { User } from '../models/users.js';
import { v3Url } from './common.js';

/** Keystone's entity representations (the `filter_*` functions of Keystone, plus links). */

export function renderProject(deps: CloudDeps, project: Project) {
  return {
    id: project.id,
    name: project.name,
    domain_id: project.domainId,
    description: project.description,
    enabled: project.enabled,
    parent_id: project.parentId ?? project.domainId,
    is_domain: false,
    tags: project.tags,
    options: {},
    links: { self: `${v3Url(deps)}/projects/${project.id}` },
  };
}

/** A domain seen through the projects API: Keystone keeps domains as projects acting as domains (`is_domain`). */
export function renderDomainProject(deps: CloudDeps, domain: Domain) {
  return {
    id: domain.id,
    name: domain.name,
    domain_id: null,
    description: domain.description,
    enabled: domain.enabled,
    parent_id: null,
    is_domain: true,
    tags: [],
    options: {},
    links: { self: `${v3Url(deps)}/projects/${domain.id}` },
  };
}

export function renderDomain(deps: CloudDeps, domain: Domain) {
  return {
    id: domain.id,
    name: domain.name,
    description: domain.description,
    enabled: domain.enabled,
    tags: [],
    options: {},
    links: { self: `${v3Url(deps)}/domains/${domain.id}` },
  };
}

export function renderUser(deps: CloudDeps, user: User) {
  return {
    id: user.id,
    name: user.name,
    domain_id: user.domainId,
    enabled: user.enabled,
    ...(user.email !== null ? { email: user.email } : {}),
    ...(user.description !== null ? { description: user.description } : {}),
    ...user.extra,
    ...(user.defaultProjectId ? { default_project_id: user.defaultProjectId } : {}),
    password_expires_at: user.passwordExpiresAt === null ? null : new Date(user.passwordExpiresAt).toISOString().replace('Z', '000'),
    options: {},
    links: { self: `${v3Url(deps)}/users/${user.id}` },
  };
}

export function renderRole(deps: CloudDeps, role: Role) {
  return {
    id: role.id,
    name: role.name,
    domain_id: role.domainId,
    description: role.description,
    options: role.immutable ? { immutable: true } : {},
    links: { self: `${v3Url(deps)}/roles/${role.id}` },
  };
}

export function renderGroup(deps: CloudDeps, group: Group) {
  return {
    id: group.id,
    name: group.name,
    domain_id: group.domainId,
    description: group.description,
    links: { self: `${v3Url(deps)}/groups/${group.id}` },
  };
}
