import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { useChromium } from '../support/chromium-fixture.js';
import { keyPairs, logIn, openSession } from '../support/pages.js';
import { startServer } from '../support/server-process.js';

// The layer's shared Chromium: this file restarts a server of its own, not the browser.
const browser = useChromium();
const dataDir = mkdtempSync(join(tmpdir(), 'dashboard-restart-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a restart', () => {
  it('keeps what was created: a key pair made before the restart is listed after it', async () => {
    const first = await startServer(dataDir);
    try {
      const { page, context } = await openSession(browser());
      await logIn(page, first.baseUrl, 'demo', first.passwords.demo);
      await keyPairs.create(page, 'survives-restart');
      await context.close();
    } finally {
      await first.stop();
    }

    const second = await startServer(dataDir);
    try {
      const { page, context } = await openSession(browser());
      await logIn(page, second.baseUrl, 'demo', second.passwords.demo);
      await keyPairs.openUnlessThere(page);
      await keyPairs.waitForRow(page, 'survives-restart');
      await context.close();
    } finally {
      await second.stop();
    }
  });
});
