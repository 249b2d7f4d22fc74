import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../core/errors.js';
import { jsonBody } from '../../core/http.js';
import type { Handler } from '../../core/service.js';
import { checkSupported, DEFAULT_DOMAIN_CONFIG, deleteConfig, mergeConfig, parseConfig, replaceConfig, showConfig, showGroup, showOption } from '../models/domain-config.js';
import { getDomain } from '../models/resources.js';
import { enforce } from '../policy.js';
import { requireContext } from './common.js';

/**
 * `/v3/domains/{id}/config[/{group}[/{option}]]` and the defaults at
 * `/v3/domains/config[/{group}[/{option}]]/default`, as Keystone answers them.
 */

interface ConfigParams {
  domain_id: string;
  group?: string;
  option?: string;
}

/** The domain (which must exist) and the group and option the path names, after the policy check. */
function target(request: FastifyRequest, deps: Parameters<Handler>[0], rule: Parameters<typeof enforce>[0]) {
  const context = requireContext(request, deps);
  enforce(rule, context);
  const params = request.params as ConfigParams;
  getDomain(deps.db, params.domain_id);
  return params;
}

export const showDefaultConfig: Handler = (deps) => async (request) => {
  enforce('identity:get_domain_config_default', requireContext(request, deps));
  const { group, option } = request.params as Partial<ConfigParams>;
  if (group === undefined) return { config: DEFAULT_DOMAIN_CONFIG };
  checkSupported(group, option);
  if (option === undefined) return { config: { [group]: DEFAULT_DOMAIN_CONFIG[group] } };
  if (!(option in DEFAULT_DOMAIN_CONFIG[group])) throw new NotFound(`Could not find option ${option} in group ${group} in the default configuration.`);
  return { config: { [option]: DEFAULT_DOMAIN_CONFIG[group][option] } };
};

/** `PUT …/config`: 201 for a new configuration, 200 when it replaces one. */
export const createDomainConfig: Handler = (deps) => async (request, reply: FastifyReply) => {
  const { domain_id: domainId } = target(request, deps, 'identity:create_domain_config');
  const existed = replaceConfig(deps.db, domainId, parseConfig(jsonBody(request)), deps.clock.now());
  return reply.code(existed ? 200 : 201).send({ config: showConfig(deps.db, domainId) });
};

export const showDomainConfig: Handler = (deps) => async (request) => {
  const { domain_id: domainId, group, option } = target(request, deps, 'identity:get_domain_config');
  if (group === undefined) return { config: showConfig(deps.db, domainId) };
  if (option === undefined) return { config: { [group]: showGroup(deps.db, domainId, group) } };
  return { config: { [option]: showOption(deps.db, domainId, group, option) } };
};

/** `PATCH …/config[/{group}[/{option}]]`: merges and answers the whole configuration. */
export const updateDomainConfig: Handler = (deps) => async (request) => {
  const { domain_id: domainId, group, option } = target(request, deps, 'identity:update_domain_config');
  const now = deps.clock.now();
  if (option !== undefined && group !== undefined) {
    checkSupported(group, option);
    showOption(deps.db, domainId, group, option);
    const value = (jsonBody(request) as { config?: Record<string, unknown> } | null)?.config;
    const changes = parseConfig({ config: { [group]: value ?? {} } });
    mergeConfig(deps.db, domainId, changes, now, group);
  } else mergeConfig(deps.db, domainId, parseConfig(jsonBody(request)), now, group);
  return { config: showConfig(deps.db, domainId) };
};

export const deleteDomainConfig: Handler = (deps) => async (request, reply: FastifyReply) => {
  const { domain_id: domainId, group, option } = target(request, deps, 'identity:delete_domain_config');
  deleteConfig(deps.db, domainId, deps.clock.now(), group, option);
  return reply.code(204).send();
};
