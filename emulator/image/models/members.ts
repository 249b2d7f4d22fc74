import { BadRequest, Forbidden, NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';
import { ConflictDetail, type Image, type ImageViewer, type MemberStatus } from './images.js';

/**
 * Image members (glance/api/v2/image_members.py): only shared images have
 * them; the owner adds and removes projects, each member accepts or rejects
 * for itself, and a member sees only its own membership.
 */

export interface ImageMember {
  imageId: string;
  member: string;
  status: MemberStatus;
  createdAt: number;
  updatedAt: number;
}

interface MemberRow {
  image_id: string;
  member: string;
  status: MemberStatus;
  created_at: number;
  updated_at: number;
}

const toMember = (row: MemberRow): ImageMember => ({ imageId: row.image_id, member: row.member, status: row.status, createdAt: row.created_at, updatedAt: row.updated_at });

function assertShared(image: Image, action: string): void {
  if (image.visibility !== 'shared') throw new Forbidden(`${action} for image ${image.id}: Only shared images have members.`);
}

const isOwner = (viewer: ImageViewer, image: Image) => viewer.isAdmin || (image.owner !== null && image.owner === viewer.projectId);

export function listMembers(db: Db, viewer: ImageViewer, image: Image): ImageMember[] {
  assertShared(image, 'Not allowed to list members');
  const rows = db.all<MemberRow>('SELECT * FROM image_members WHERE image_id = ? ORDER BY created_at, rowid', image.id);
  return rows.map(toMember).filter((member) => isOwner(viewer, image) || member.member === viewer.projectId);
}

export function getMember(db: Db, viewer: ImageViewer, image: Image, memberId: string): ImageMember {
  assertShared(image, 'Not allowed to get members');
  const row = db.get<MemberRow>('SELECT * FROM image_members WHERE image_id = ? AND member = ?', image.id, memberId);
  if (!row || (!isOwner(viewer, image) && row.member !== viewer.projectId)) throw new NotFound(`Member ${memberId} not found`);
  return toMember(row);
}

export function addMember(db: Db, now: number, viewer: ImageViewer, image: Image, memberId: string): ImageMember {
  if (!isOwner(viewer, image)) throw new Forbidden('You are not permitted to create image members for the image.');
  assertShared(image, 'Not allowed to create members');
  return db.tx(() => {
    if (db.get('SELECT 1 FROM image_members WHERE image_id = ? AND member = ?', image.id, memberId)) {
      throw new ConflictDetail(`Member ${memberId} already exists`);
    }
    db.run(`INSERT INTO image_members (image_id, member, status, created_at, updated_at) VALUES (?, ?, 'pending', ?, ?)`, image.id, memberId, now, now);
    return toMember(db.get<MemberRow>('SELECT * FROM image_members WHERE image_id = ? AND member = ?', image.id, memberId)!);
  });
}

/** Only the member itself may change its status (Glance refuses even the owner). */
export function updateMemberStatus(db: Db, now: number, viewer: ImageViewer, image: Image, memberId: string, status: string): ImageMember {
  const member = getMember(db, viewer, image, memberId);
  if (!['pending', 'accepted', 'rejected'].includes(status)) throw new BadRequest(`Invalid status: ${status}`);
  if (member.member !== viewer.projectId) throw new Forbidden('You are not permitted to modify \'status\' on this image member.');
  db.tx(() => db.run('UPDATE image_members SET status = ?, updated_at = ? WHERE image_id = ? AND member = ?', status, now, image.id, memberId));
  return { ...member, status: status as MemberStatus, updatedAt: now };
}

export function removeMember(db: Db, viewer: ImageViewer, image: Image, memberId: string): void {
  const member = getMember(db, viewer, image, memberId);
  if (!isOwner(viewer, image)) throw new Forbidden('You are not permitted to delete image members for the image.');
  db.tx(() => db.run('DELETE FROM image_members WHERE image_id = ? AND member = ?', image.id, member.member));
}
