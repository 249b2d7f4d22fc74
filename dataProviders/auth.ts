import type { HttpClient } from './http';
import type { UserSession } from './keystone';

/** `/api/auth/options/`: what the login page offers (api-contract, "Endpoints of our own"). */
export interface AuthOptions {
  auth_types: { id: string; label: string }[];
  default_auth_type: string;
  regions: string[];
  default_region: string | null;
  multidomain: boolean;
  default_domain: string | null;
}

export interface LoginRequest {
  auth_type: string;
  username?: string;
  password?: string;
  domain?: string;
  region?: string;
}

export interface AuthApi {
  getOptions(): Promise<AuthOptions>;
  /** Rejects with the server's reason (e.g. 'Invalid credentials.'); no toast, the page shows it. */
  login(request: LoginRequest): Promise<UserSession>;
  logout(): Promise<void>;
  switchProject(projectId: string): Promise<UserSession>;
}

export function createAuthApi(http: HttpClient): AuthApi {
  return {
    getOptions: () => http.get<AuthOptions>('/api/auth/options/', { silent: true }),
    login: (request) => http.post<UserSession>('/api/auth/login/', request, { silent: true }),
    logout: async () => {
      await http.post('/api/auth/logout/', undefined, { silent: true });
    },
    switchProject: (projectId) => http.post<UserSession>('/api/auth/switch/', { project_id: projectId }),
  };
}
