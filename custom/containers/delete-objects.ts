import type { SwiftObjectRecord } from '../../dataProviders/swift';
import { errorStatus, isAlreadyReported } from '../../src/backend/http';
import { ERRORS } from './texts';

/** Spec 2 §3: delete progress: counted files and folders, deleted files, deleted folders, failures, mode, running. */
export interface DeleteProgress {
  mode: 'discovery' | 'deletion';
  running: boolean;
  counted: { files: number; folders: number };
  deleted: { files: number; folders: number; failures: number };
}

export interface DeletePlan {
  files: SwiftObjectRecord[];
  /** Deepest first, so a folder is empty when its turn comes. */
  folders: SwiftObjectRecord[];
}

/** One page of a folder's entries after `marker` (the objects list of the API). */
export type ListPage = (path: string, marker: string | null) => Promise<{ items: SwiftObjectRecord[]; hasMore: boolean }>;

const depth = (path: string) => path.split('/').length;

/**
 * Discovery (spec 2 §4): walks the chosen folders page by page, counting
 * files and folders as it goes (`onCount`); `cancelled()` stops it between pages.
 */
export async function discover(chosen: SwiftObjectRecord[], list: ListPage, onCount: (counted: DeleteProgress['counted']) => void, cancelled: () => boolean): Promise<DeletePlan | null> {
  const files = chosen.filter((item) => !item.is_subdir);
  const folders: SwiftObjectRecord[] = [];
  const pending = chosen.filter((item) => item.is_subdir);
  onCount({ files: files.length, folders: pending.length });
  while (pending.length) {
    const folder = pending.shift()!;
    folders.push(folder);
    let marker: string | null = null;
    for (;;) {
      if (cancelled()) return null;
      const page = await list(folder.path, marker);
      for (const item of page.items) (item.is_subdir ? pending : files).push(item);
      onCount({ files: files.length, folders: folders.length + pending.length });
      if (!page.hasMore || page.items.length === 0) break;
      marker = page.items.at(-1)!.path;
    }
  }
  return { files, folders: folders.sort((a, b) => depth(b.path) - depth(a.path)) };
}

/**
 * Deletion (spec 2 §4): files first, then folders from the deepest level up;
 * a 404 on a folder counts as deleted (a folder without a marker object);
 * any other failure adds to the failures. A few requests run at once.
 */
export async function deletePlan(plan: DeletePlan, remove: (item: SwiftObjectRecord) => Promise<void>, onDeleted: (deleted: DeleteProgress['deleted']) => void, parallel = 4): Promise<DeleteProgress['deleted']> {
  const deleted = { files: 0, folders: 0, failures: 0 };
  const run = async (items: SwiftObjectRecord[], kind: 'files' | 'folders') => {
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const item = items[next++];
        try {
          await remove(item);
          deleted[kind] += 1;
        } catch (error) {
          if (kind === 'folders' && (error as { status?: number }).status === 404) deleted.folders += 1;
          else deleted.failures += 1;
        }
        onDeleted({ ...deleted });
      }
    };
    await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  };
  await run(plan.files, 'files');
  // Folders of one depth at a time, deepest first: a parent is never tried before its children.
  const depths = [...new Set(plan.folders.map((folder) => depth(folder.path)))];
  for (const level of depths) await run(plan.folders.filter((folder) => depth(folder.path) === level), 'folders');
  return deleted;
}

/**
 * What a failed delete tells the user (spec 2 §8): a 409 is a folder that is
 * not empty (someone added to it after discovery); a 404 on a folder counts
 * as deleted and says nothing; anything else is 'Unable to delete the object.'.
 */
export function deleteFailureMessage(error: unknown, item: SwiftObjectRecord): string | null {
  const status = errorStatus(error);
  if (isAlreadyReported(error) || (status === 404 && item.is_subdir)) return null;
  return status === 409 ? ERRORS.folderNotEmpty : ERRORS.deleteObject;
}
