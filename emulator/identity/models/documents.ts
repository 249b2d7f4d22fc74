import { NotFound } from '../../core/errors.js';
import type { Db } from '../../store/db.js';

/**
 * Keystone resources that are a bag of attributes with an id: credentials
 * (EC2 ones included), policies, OAuth1 consumers, domain configurations (under the domain's id), endpoint groups. Each is kept whole as JSON under its kind.
 */

export type DocumentKind = 'credential' | 'policy' | 'consumer' | 'domain_config' | 'endpoint_group';
export type Document = Record<string, unknown> & { id: string };

export function findDocument(db: Db, kind: DocumentKind, id: string): Document | undefined {
  const row = db.get<{ body: string }>('SELECT body FROM keystone_documents WHERE kind = ? AND id = ?', kind, id);
  return row ? (JSON.parse(row.body) as Document) : undefined;
}

export function getDocument(db: Db, kind: DocumentKind, id: string): Document {
  const found = findDocument(db, kind, id);
  if (!found) throw new NotFound(`Could not find ${kind}: ${id}.`);
  return found;
}

export function listDocuments(db: Db, kind: DocumentKind, filters: Record<string, string | undefined> = {}): Document[] {
  return db
    .all<{ body: string }>('SELECT body FROM keystone_documents WHERE kind = ? ORDER BY created_at, rowid', kind)
    .map((row) => JSON.parse(row.body) as Document)
    .filter((document) => Object.entries(filters).every(([key, value]) => value === undefined || document[key] === value));
}

export function putDocument(db: Db, kind: DocumentKind, document: Document, now: number): Document {
  db.tx(() =>
    db.run(
      'INSERT INTO keystone_documents (kind, id, body, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (kind, id) DO UPDATE SET body = excluded.body',
      kind,
      document.id,
      JSON.stringify(document),
      now,
    ),
  );
  return document;
}

export function deleteDocument(db: Db, kind: DocumentKind, id: string): void {
  db.tx(() => {
    getDocument(db, kind, id);
    db.run('DELETE FROM keystone_documents WHERE kind = ? AND id = ?', kind, id);
  });
}

/** Removes what a deleted user owned (Keystone deletes a user's credentials with the user). */
export function deleteUserDocuments(db: Db, userId: string): void {
  for (const document of listDocuments(db, 'credential', { user_id: userId })) db.run("DELETE FROM keystone_documents WHERE kind = 'credential' AND id = ?", document.id);
}
