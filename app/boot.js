// Starts the app on a page the server drew once the browser has painted it
// (server/page-bootstrap.ts sends this script there in place of the app's
// entry, which it preloads). Evaluating the app's modules takes the main
// thread for 50-130 ms on a busy machine, and the page's first paint, its
// rows, waited behind it (issue 17). A message posted from an animation
// frame's callback arrives once that frame has been painted. A page without
// the preloaded entry runs its entry's own script.
const entry = document.querySelector('link[data-app-entry]');

function startAfterPaint() {
  const start = () => import(entry.href);
  if (document.visibilityState === 'hidden') return start();
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = start;
    channel.port2.postMessage(null);
  });
}

if (entry) startAfterPaint();
