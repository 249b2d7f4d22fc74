/**
 * A Map that holds at most `limit` entries, for the server's per-process
 * memories (decrypted sessions, cached answers, remembered reads): a key set
 * becomes the newest, and when the map is full the oldest goes.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    super.delete(key);
    if (this.size >= this.limit) super.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}
