import { createContext, useContext } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * How the app is entered after a sign-in. In the browser it is a full page
 * load: the server writes its bootstrap block into that page, so the landing
 * page draws at once instead of waiting, blank, on the session, catalog,
 * policy and extension reads one after another (issue 14, item 11). Horizon
 * also answers its login form with a redirect. Null: route inside the app
 * (memory routers in tests, which cannot load a page).
 */
export const SignInLandingContext = createContext<((path: string) => void) | null>(null);

/** Goes to `path` as a signed-in user's first page. */
export function useEnterApp(): (path: string) => void {
  const loadPage = useContext(SignInLandingContext);
  const navigate = useNavigate();
  return loadPage ?? ((path) => void navigate(path, { replace: true }));
}
