/**
 * Answers that are the same for every user of one service endpoint (its
 * extensions, its image schema), kept for `ttlMs` so that a page's reads do
 * not ask the service each time. A failed answer is not kept.
 *
 * @example
 * const extensions = endpointCache<Extension[]>(60_000);
 * await extensions(client.endpoint('network'), () => fetchExtensions(client));
 */
export function endpointCache<T>(ttlMs: number): (endpoint: string, load: () => Promise<T>) => Promise<T> {
  const cache = new Map<string, { at: number; value: Promise<T> }>();
  return (endpoint, load) => {
    const cached = cache.get(endpoint);
    if (cached && Date.now() - cached.at < ttlMs) return cached.value;
    const value = load();
    cache.set(endpoint, { at: Date.now(), value });
    value.catch(() => {
      if (cache.get(endpoint)?.value === value) cache.delete(endpoint);
    });
    return value;
  };
}
