import { describe, expect, it } from 'vitest';
import { breadcrumbs, containerRoute, parseRoute } from '../../custom/containers/paths';
import { objectUrl } from '../../dataProviders/swift';
import { deletePlan, discover } from '../../custom/containers/delete-objects';
import type { SwiftObjectRecord } from '../../dataProviders/swift';

describe('container routes (spec 2 §2.1: container prefix + encoded container name, then the encoded folder path)', () => {
  it.each([
    ['plain', ''],
    ['with space', 'a b/'],
    ['hash #1', 'x#y/?q/'],
    ['per%cent', '100%/done/'],
    ['unicodé ✓', 'dossier é/子/'],
  ])('round-trips container %j and folder %j through the URL', (container, folder) => {
    const route = containerRoute(container, folder);
    expect(route.startsWith('/project/containers/container/')).toBe(true);
    // What the browser's location holds: the path as built, never decoded.
    expect(parseRoute(new URL(route, 'http://x').pathname)).toEqual({ container, folder });
  });

  it('reads the container selection pages as no container', () => {
    expect(parseRoute('/project/containers')).toEqual({ container: null, folder: '' });
    expect(parseRoute('/project/containers/container/')).toEqual({ container: null, folder: '' });
  });

  it('makes one breadcrumb per folder level, each opening its own prefix', () => {
    expect(breadcrumbs('a/b c/')).toEqual([
      { label: 'a', folder: 'a/' },
      { label: 'b c', folder: 'a/b c/' },
    ]);
  });

  it('builds API object URLs with encodeURIComponent and %2F turned back into / (api-contract §9)', () => {
    expect(objectUrl('my c', 'docs/a #1?.txt')).toBe('/api/swift/containers/my%20c/object/docs/a%20%231%3F.txt');
    expect(objectUrl('c', 'f/', 'metadata')).toBe('/api/swift/containers/c/metadata/f/');
  });
});

const row = (path: string): SwiftObjectRecord => ({
  id: `c/${path}`,
  container: 'c',
  path,
  name: path,
  bytes: 1,
  is_subdir: path.endsWith('/'),
  is_object: !path.endsWith('/'),
  content_type: null,
});

describe('delete objects (spec 2 §4: discovery, then files first and folders from the deepest up)', () => {
  it('stops discovery when cancelled', async () => {
    let cancelled = false;
    const plan = await discover([row('a/')], async () => ((cancelled = true), { items: [row('a/x')], hasMore: true }), () => undefined, () => cancelled);
    expect(plan).toBeNull();
  });

  it('counts a 404 on a folder as deleted and any other failure as a failure', async () => {
    const failures = { 'a/b/': 404, 'a/x': 500 } as Record<string, number>;
    const done = await deletePlan(
      { files: [row('a/x'), row('a/y')], folders: [row('a/b/'), row('a/')] },
      async (item) => {
        if (failures[item.path]) throw Object.assign(new Error('no'), { status: failures[item.path] });
      },
      () => undefined,
    );
    expect(done).toEqual({ files: 1, folders: 2, failures: 1 });
  });
});
