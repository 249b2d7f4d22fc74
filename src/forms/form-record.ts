import { createContext } from 'react';
import type { ResourceRecord } from '../descriptor';

/**
 * The record a row form acts on (the floating IP being associated, the
 * router getting an interface), for widgets whose choices depend on it:
 * `"x-options": { "source": "resource:floating-ip-target", "filter": { "floating_ip_id": "{id}" } }`.
 * Undefined in toolbar forms.
 */
export const FormRecordContext = createContext<ResourceRecord | undefined>(undefined);
