import CircularProgress from '@mui/material/CircularProgress';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { RequestCounter } from '../backend/http';

/** The HTTP helper's request counter; none in tests that build the app from fakes. */
export const RequestCounterContext = createContext<RequestCounter | null>(null);

const idle: RequestCounter = { start() {}, end() {}, getSnapshot: () => 0, subscribe: () => () => {} };

const noRequests = () => 0;

/** The accessible name of the spinner while requests are in flight. */
export const REQUESTS_IN_FLIGHT_LABEL = 'Loading data';

/**
 * The global request spinner (spec 1 §4.10): shown from the first `/api`
 * request until the last one ends, in the header.
 */
export function RequestSpinner() {
  const counter = useContext(RequestCounterContext) ?? idle;
  // A page the server draws has no request in flight, nor has the browser's first render of it (hydration).
  const count = useSyncExternalStore(counter.subscribe, counter.getSnapshot, noRequests);
  if (count === 0) return null;
  return <CircularProgress color="inherit" size={20} thickness={5} aria-label={REQUESTS_IN_FLIGHT_LABEL} sx={{ flexShrink: 0 }} />;
}
