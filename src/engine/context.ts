import { createContext, useContext } from 'react';
import type { Backend } from '../backend/contract';
import type { Registry } from './registry';

export const BackendContext = createContext<Backend | null>(null);
export const RegistryContext = createContext<Registry | null>(null);

/** The server calls (data provider, auth, identity, policy); faked in tests. */
export function useBackend(): Backend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error('useBackend needs a BackendContext provider');
  return backend;
}

/** The registered resources. */
export function useRegistry(): Registry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('useRegistry needs a RegistryContext provider');
  return registry;
}
