/**
 * The screen's routes (spec 2 §2.1): `/project/containers/` and
 * `/project/containers/container/` select a container;
 * `/project/containers/container/{container}/{folder*}` shows a folder.
 * Container route = prefix + encoded container name, then '/' and the
 * encoded folder path (each segment encoded, so a name with spaces, '#', '%',
 * '?' or unicode round-trips).
 */
export const CONTAINERS_PATH = '/project/containers';
const CONTAINER_PREFIX = `${CONTAINERS_PATH}/container/`;

/** Swift's pseudo-folder delimiter (spec 2 §9). */
export const DELIMITER = '/';

const encodePath = (path: string) => path.split(DELIMITER).map(encodeURIComponent).join(DELIMITER);

/** The page of a container, or of a folder in it (`folder` without or with its trailing '/'). */
export function containerRoute(container: string, folder = ''): string {
  const trimmed = folder.endsWith(DELIMITER) ? folder.slice(0, -1) : folder;
  return `${CONTAINER_PREFIX}${encodeURIComponent(container)}${trimmed ? `/${encodePath(trimmed)}` : ''}`;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The container and folder prefix (ending with '/', or '' at the top) of a
 * location's pathname, read from the raw (still encoded) path so that a '%'
 * in a name is never decoded twice.
 *
 * @example parseRoute('/project/containers/container/my%20c/a/b') // { container: 'my c', folder: 'a/b/' }
 */
export function parseRoute(pathname: string): { container: string | null; folder: string } {
  if (!pathname.startsWith(CONTAINER_PREFIX)) return { container: null, folder: '' };
  const [head, ...rest] = pathname.slice(CONTAINER_PREFIX.length).split(DELIMITER);
  if (!head) return { container: null, folder: '' };
  const segments = rest.filter((segment, index) => segment !== '' || index < rest.length - 1).map(decode);
  return { container: decode(head), folder: segments.length ? `${segments.join(DELIMITER)}${DELIMITER}` : '' };
}

/** Breadcrumbs of a folder: one per level, each with the folder prefix it opens. */
export function breadcrumbs(folder: string): { label: string; folder: string }[] {
  const parts = folder.split(DELIMITER).filter(Boolean);
  return parts.map((label, index) => ({ label, folder: `${parts.slice(0, index + 1).join(DELIMITER)}${DELIMITER}` }));
}
