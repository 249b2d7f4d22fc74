/**
 * The registry: every descriptor in this folder, found by file name. Nothing
 * else lists resources; adding `resources/<name>.ts` is enough.
 */
import type { AnyResourceDescriptor } from '../src/descriptor';

const modules = import.meta.glob<{ default: AnyResourceDescriptor }>(['./*.ts', '!./index.ts'], { eager: true });

export const resources: readonly AnyResourceDescriptor[] = Object.values(modules)
  .map((module) => module.default)
  .sort((a, b) => a.name.localeCompare(b.name));
