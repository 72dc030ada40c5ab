/**
 * The developer portal's script, appended to the site script (snapshot/chrome-bodies.ts); it does
 * nothing on pages without `.portal`. It gives every command block a copy button (Clipboard API,
 * W3C Clipboard API `writeText`; on failure it selects the text for Ctrl+C), marks the table of
 * contents open on wide screens and closes it after a jump on phones, and runs the "Try it" forms
 * with `fetch`: the answer's status, the headers worth seeing and the body (JSON pretty-printed).
 * The credential typed into the whoami form is read at submit, sent in one header, never kept.
 */
export const PORTAL_JS = `(() => {
  const portal = document.querySelector('.portal');
  if (!portal) return;

  const copyText = async (text) => {
    try { await navigator.clipboard.writeText(text); return true; } catch { return false; }
  };
  for (const pre of portal.querySelectorAll('.portal-body pre:not(.try-body)')) {
    const box = document.createElement('div');
    box.className = 'command';
    pre.replaceWith(box);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.textContent = 'Copy';
    box.append(pre, button);
    button.addEventListener('click', async () => {
      const copied = await copyText(pre.textContent);
      if (!copied) getSelection()?.selectAllChildren(pre);
      button.textContent = copied ? 'Copied' : 'Press Ctrl+C';
      setTimeout(() => { button.textContent = 'Copy'; }, 2000);
    });
  }

  const toc = portal.querySelector('.portal-toc');
  const narrow = matchMedia('(max-width: 63.99rem)');
  if (toc) {
    toc.open = !narrow.matches;
    narrow.addEventListener('change', () => { toc.open = !narrow.matches; });
    toc.addEventListener('click', (event) => { if (narrow.matches && event.target.closest('a')) toc.open = false; });
  }

  const SHOWN_HEADERS = ['content-type', 'cache-control', 'etag', 'vary', 'www-authenticate', 'ratelimit', 'ratelimit-policy', 'retry-after', 'x-request-id'];
  const show = (output, status, headers, body) => {
    output.hidden = false;
    output.querySelector('.try-status').textContent = status;
    const list = output.querySelector('.try-headers');
    list.replaceChildren();
    for (const [name, value] of headers) {
      const dt = document.createElement('dt');
      dt.textContent = name;
      const dd = document.createElement('dd');
      dd.textContent = value;
      list.append(dt, dd);
    }
    output.querySelector('.try-body code').textContent = body;
  };
  const pretty = (text) => {
    try { return JSON.stringify(JSON.parse(text), null, 2); } catch { return text; }
  };
  const requestOf = (form) => {
    const url = new URL(form.getAttribute('action'), location.href);
    const headers = { accept: 'application/json' };
    if (form.dataset.try === 'search') {
      for (const [name, value] of new FormData(form)) if (value !== '') url.searchParams.set(name, value);
    } else {
      const credential = form.querySelector('#try-credential').value.trim();
      const scheme = form.querySelector('#try-scheme').value;
      if (credential !== '') {
        if (scheme === 'bearer') headers.authorization = 'Bearer ' + credential;
        else headers['x-api-key'] = credential;
      }
    }
    return { url, headers };
  };
  for (const form of portal.querySelectorAll('form[data-try]')) {
    form.hidden = false;
    const output = document.getElementById(form.dataset.output);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const { url, headers } = requestOf(form);
      try {
        const response = await fetch(url, { headers, cache: 'no-store', credentials: 'omit' });
        const seen = SHOWN_HEADERS.filter((name) => response.headers.has(name)).map((name) => [name, response.headers.get(name)]);
        show(output, response.status + ' ' + response.statusText + ' — GET ' + url.pathname + url.search, seen, pretty(await response.text()));
      } catch (error) {
        show(output, 'The request failed: ' + error.message, [], '');
      }
    });
  }
})();
`;
