/**
 * The origins of the remote console URLs the cloud hands out (Nova's noVNC,
 * SPICE or serial proxy: `http://controller:6080/vnc_lite.html?token=…`).
 * The pages' Content-Security-Policy lists them in `frame-src`, so the
 * instance's Console tab can frame a proxy on another origin than the
 * dashboard's. Learnt from the cloud's own answers, never from the browser;
 * a deployment has one proxy per console type, so the set stays small and a
 * bound keeps a misbehaving cloud from growing the header.
 */
export class ConsoleOrigins {
  private readonly origins = new Set<string>();

  constructor(private readonly limit = 8) {}

  /** Records the origin of a console URL the cloud returned; anything but http(s) is ignored. */
  learn(url: string): void {
    let origin: string;
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return;
      origin = parsed.origin;
    } catch {
      return;
    }
    if (this.origins.has(origin) || this.origins.size >= this.limit) return;
    this.origins.add(origin);
  }

  /** The CSP `frame-src` directive: the dashboard's own origin and the learnt ones. */
  frameSrc(): string {
    return ["frame-src 'self'", ...this.origins].join(' ');
  }
}
