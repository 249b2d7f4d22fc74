import type { FastifyRequest } from 'fastify';
import { BadRequest } from '../../core/errors.js';
import type { Handler } from '../../core/service.js';
import { getImage } from '../models/images.js';
import { addMember, getMember, type ImageMember, listMembers, removeMember, updateMemberStatus } from '../models/members.js';
import { glanceTime, readJson, viewerOf } from './common.js';

/** `/v2/images/{id}/members` (glance/api/v2/image_members.py). */

function renderMember(member: ImageMember) {
  return {
    status: member.status,
    created_at: glanceTime(member.createdAt),
    updated_at: glanceTime(member.updatedAt),
    image_id: member.imageId,
    member_id: member.member,
    schema: '/v2/schemas/member',
  };
}

const params = (request: FastifyRequest) => request.params as { id: string; member: string };

export const listImageMembers: Handler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  const image = getImage(deps.db, viewer, params(request).id);
  return { members: listMembers(deps.db, viewer, image).map(renderMember), schema: '/v2/schemas/members' };
};

export const showImageMember: Handler = (deps) => async (request) => {
  const viewer = viewerOf(request);
  const image = getImage(deps.db, viewer, params(request).id);
  return renderMember(getMember(deps.db, viewer, image, params(request).member));
};

export const createImageMember: Handler = (deps) => async (request) => {
  const body = (await readJson(request)) as { member?: unknown };
  if (!body || typeof body !== 'object' || typeof body.member !== 'string') throw new BadRequest('Member to be added not specified');
  const viewer = viewerOf(request);
  const image = getImage(deps.db, viewer, params(request).id);
  return renderMember(addMember(deps.db, deps.clock.now(), viewer, image, body.member));
};

export const updateImageMember: Handler = (deps) => async (request) => {
  const body = (await readJson(request)) as { status?: unknown };
  if (!body || typeof body !== 'object' || typeof body.status !== 'string') throw new BadRequest('Status not specified');
  const viewer = viewerOf(request);
  const image = getImage(deps.db, viewer, params(request).id);
  return renderMember(updateMemberStatus(deps.db, deps.clock.now(), viewer, image, params(request).member, body.status));
};

export const deleteImageMember: Handler = (deps) => async (request, reply) => {
  const viewer = viewerOf(request);
  const image = getImage(deps.db, viewer, params(request).id);
  removeMember(deps.db, viewer, image, params(request).member);
  return reply.code(204).send();
};
