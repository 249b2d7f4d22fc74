import CircularProgress from '@mui/material/CircularProgress';
import { Navigate, useParams } from 'react-router-dom';
import type { AnyResourceDescriptor } from '../descriptor';
import { nestedParam } from './nested';
import { useResourceRecord } from './queries';
import { nameOf } from './registry';
import { RecordDetails } from './ResourceShowPage';

/**
 * The details of a nested resource (the descriptor's `nested`, spec 3 §2.1):
 * the records along the path are loaded root first, each with its parents'
 * ids; any that cannot be loaded sends the user to the root's list. The last
 * one's details show under breadcrumbs of the others, and its delete goes to
 * its parent.
 */
export default function NestedDetailsPage({ chain }: { chain: AnyResourceDescriptor[] }) {
  const params = useParams();
  const ids = chain.map((_descriptor, index) => params[nestedParam(index)] ?? '');
  const root = chain[0];
  const listPath = root.panel!.path;
  // Each level's details path: the root's under its panel, the others one segment further down.
  const paths = ids.reduce<string[]>((done, id, index) => {
    const base = index === 0 ? listPath : `${done[index - 1]}/${chain[index].nested!.segment}`;
    return [...done, `${base}/${encodeURIComponent(id)}`];
  }, []);
  const parents = (level: number) => Object.fromEntries(chain.slice(0, level).map((descriptor, index) => [descriptor.name, ids[index]]));
  return <Ancestors chain={chain} ids={ids} paths={paths} parents={parents} listPath={listPath} level={0} />;
}

interface AncestorsProps {
  chain: AnyResourceDescriptor[];
  ids: string[];
  paths: string[];
  parents(level: number): Record<string, string>;
  listPath: string;
  level: number;
  trail?: { label: string; path: string }[];
}

/** Loads the ancestor at `level` (one hook per component, so the chain's length may differ between routes), then the next. */
function Ancestors({ chain, ids, paths, parents, listPath, level, trail }: AncestorsProps) {
  const descriptor = chain[level];
  const leaf = level === chain.length - 1;
  const crumbs = trail ?? [{ label: chain[0].panel!.label, path: listPath }];
  const record = useResourceRecord(leaf ? undefined : descriptor, ids[level], { parents: parents(level) });
  if (leaf) {
    return (
      <RecordDetails
        key={paths[level]}
        descriptor={descriptor}
        id={ids[level]}
        place={{ trail: crumbs, parentPath: level === 0 ? listPath : paths[level - 1], listPath, basePath: paths[level], meta: { parents: parents(level) } }}
      />
    );
  }
  if (record.isError) return <Navigate to={listPath} replace />;
  if (!record.data) return <CircularProgress size={24} aria-label="Loading" />;
  const next = [...crumbs, { label: nameOf(descriptor, record.data), path: paths[level] }];
  return <Ancestors chain={chain} ids={ids} paths={paths} parents={parents} listPath={listPath} level={level + 1} trail={next} />;
}
