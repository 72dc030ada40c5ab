/**
 * The live-reload script of `serve --watch` (issue 32), browser code as a string: pages load it
 * from `/_sitegate/reload.js` only in watch mode (layout/document.ts `SiteChrome.liveReload`), so
 * the CSP's `script-src` (sitegate's asset folder) and `connect-src 'self'` already allow it and
 * nothing is inline. It opens an EventSource (WHATWG HTML §9.2 "Server-sent events") on
 * `/_sitegate/reload`, beside the script, naming the build the page was drawn from
 * (`?since=<data-build>`), and reloads the page on the server's `reload` event: sent after each
 * rebuild swaps in, and at once when the page's build is no longer the one served (a rebuild
 * while the page loaded, a restarted server) (answers/live-reload.ts). The browser reconnects by
 * itself when the connection drops (the server's `retry` field sets how soon).
 */

/** URL path (under the base path) of the script. */
export const LIVE_RELOAD_SCRIPT_PATH = '/_sitegate/reload.js';

/** The script. `document.currentScript` is set for classic scripts, deferred ones included. */
export const LIVE_RELOAD_JS = `(() => {
  const script = document.currentScript;
  if (script === null || typeof EventSource === 'undefined') return;
  const url = new URL('reload', script.src);
  url.searchParams.set('since', script.dataset.build || '');
  const source = new EventSource(url);
  source.addEventListener('reload', () => {
    source.close();
    location.reload();
  });
  addEventListener('pagehide', () => source.close());
})();
`;
