import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { UserSession } from '../backend/contract';
import { SESSION_KEY } from '../engine/access';
import { useBackend } from '../engine/context';
import { LOGIN_PATH } from './menu';

export const MY_PROJECTS_KEY = ['my-projects'] as const;

/** Sign in, sign out and project switch, each leaving no data of the previous scope in the cache. */
export function useSessionActions() {
  const { auth } = useBackend();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /** Keeps the new session and drops everything loaded under the old one, except the `keep` query keys. */
  async function adopt(session: UserSession, keep: string[] = []) {
    const kept = new Set<unknown>([SESSION_KEY[0], ...keep]);
    await queryClient.cancelQueries();
    queryClient.removeQueries({ predicate: (query) => !kept.has(query.queryKey[0]) });
    queryClient.setQueryData(SESSION_KEY, session);
  }

  return {
    adopt,
    async signOut() {
      try {
        await auth.logout();
      } finally {
        queryClient.clear();
        navigate(LOGIN_PATH);
      }
    },
    async switchProject(projectId: string) {
      // The user's projects do not change with the scope.
      await adopt(await auth.switchProject(projectId), [MY_PROJECTS_KEY[0]]);
    },
  };
}
