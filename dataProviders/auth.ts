import type { AuthApi, AuthOptions, UserSession } from '../src/backend/contract';
import type { HttpClient } from '../src/backend/http';
import type { SessionSwitch } from '../shared/generated/session';

export function createAuthApi(http: HttpClient): AuthApi {
  return {
    getOptions: () => http.get<AuthOptions>('/api/auth/options/', { silent: true }),
    login: (request) => http.post<UserSession>('/api/auth/login/', request, { silent: true }),
    logout: async () => {
      await http.post('/api/auth/logout/', undefined, { silent: true });
    },
    switchProject: (projectId) => http.post<UserSession>('/api/auth/switch/', { project_id: projectId } satisfies SessionSwitch),
  };
}
