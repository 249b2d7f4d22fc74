// The api layer's shared cloud as its own process (test/api/global-setup.ts
// spawns it): its own environment keeps the short emulator transitions out of
// the other layers' workers, and its own process keeps the emulator's SQLite
// work off the test runner's event loop. Prints the cloud as one JSON line.
import { startOwnCloud } from './cloud.js';

const cloud = await startOwnCloud();
process.stdout.write(`${JSON.stringify({ baseUrl: cloud.baseUrl, authUrl: cloud.authUrl, passwords: cloud.passwords })}\n`);
const stop = async () => {
  await cloud.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
