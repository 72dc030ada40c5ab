/**
 * The "Try it" section of the developer portal: forms that call the real search and whoami
 * endpoints from the browser (layout/client/portal.js.ts) and show the status, the headers worth
 * seeing and the JSON. Without JavaScript the search form is a plain GET form; the whoami form
 * stays hidden (a key must go in a header, which a form cannot send) and a note points to curl.
 * The key field has no `name`, so it can never end up in a URL, a log or the browser's form history.
 */
import { operation } from '../api/operations.js';
import { escapeHtml } from '../escape.js';
import { code, type PortalSection } from './portal-html.js';

/** Where a form's answer is shown; the script fills it in. */
function output(id: string): string {
  return `<div class="try-output" id="${id}" hidden>
<p class="try-status" aria-live="polite"></p>
<dl class="try-headers"></dl>
<pre class="try-body" tabindex="0"><code></code></pre>
</div>`;
}

/** "Try it": search and whoami against this server. `basePath` is the path part of the base URL. */
export function tryIt(basePath: string): PortalSection {
  const search = operation('searchSite');
  const whoami = operation('getWhoami');
  return {
    id: 'try-it',
    title: 'Try it',
    html: `<p>These forms call this server's API from your browser and show what comes back.</p>`,
    subsections: [
      {
        id: 'try-search',
        title: 'Search',
        html: `<form class="try-it" data-try="search" data-output="try-search-output" action="${basePath}${search.path}" method="get">
<p class="try-request">${code(`${search.method} ${search.path}`)}</p>
<label for="try-q">Query (${code('q')})</label>
<input id="try-q" name="q" type="search" value="install" maxlength="256">
<label for="try-limit">Results (${code('limit')})</label>
<input id="try-limit" name="limit" type="number" min="1" max="100" value="5">
<button type="submit">Send request</button>
</form>
${output('try-search-output')}`,
      },
      {
        id: 'try-whoami',
        title: 'Who am I',
        html: `<form class="try-it" data-try="whoami" data-output="try-whoami-output" action="${basePath}${whoami.path}" method="get" hidden>
<p class="try-request">${code(`${whoami.method} ${whoami.path}`)}</p>
<label for="try-scheme">Send the credential as</label>
<select id="try-scheme">
<option value="x-api-key">X-API-Key: &lt;API_KEY&gt;</option>
<option value="bearer">Authorization: Bearer &lt;ACCESS_TOKEN&gt;</option>
</select>
<label for="try-credential">API key or access token</label>
<input id="try-credential" type="text" autocomplete="off" autocapitalize="off" spellcheck="false" placeholder="leave empty to see the 401">
<p class="try-note">${escapeHtml('The key goes from this page to this server only, in a header: it is not stored, logged or put in the URL.')}</p>
<button type="submit">Send request</button>
</form>
<noscript><p>Trying whoami needs JavaScript (a credential goes in a request header). Without it, use the curl commands under <a href="#authentication">Authentication</a>.</p></noscript>
${output('try-whoami-output')}`,
      },
    ],
  };
}
