/**
 * The live search box: the header's `#search-input` becomes a combobox with a listbox popup
 * (WAI-ARIA APG "Combobox Pattern", list autocomplete): results of `/api/search.json` as options
 * with title, section and excerpt (matched words in `<mark>`); ArrowDown/ArrowUp move through
 * every option (`aria-activedescendant`, `aria-selected`), Enter opens the active one or, with
 * none active, submits the form to the `/search` page; Escape closes, then clears. `/` or Ctrl-K
 * (⌘K) focuses the box, unless the keystroke is typed into another field. Without script the
 * form submits to `/search`, which lists the same results.
 */
export const SEARCH_JS = `(() => {
  const input = document.getElementById('search-input');
  const list = document.getElementById('search-results');
  if (!input || !list || !input.form) return;
  const form = input.form;
  // The JSON API beside the results page the form submits to: <base>/search → <base>/api/search.json.
  const endpoint = new URL(form.action, location.href).pathname.replace(/\\/search$/, '') + '/api/search.json';
  // The page's language: a German page searches German pages, whatever the browser's Accept-Language.
  const lang = document.documentElement.lang ? '&lang=' + encodeURIComponent(document.documentElement.lang) : '';
  // The page's docs version, when it is not the current one: a reader of 1.x searches 1.x (layout/versions.ts).
  const version = form.elements.version ? '&version=' + encodeURIComponent(form.elements.version.value) : '';
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Search results');
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('aria-live', 'polite');
  form.append(status);
  let timer = 0;
  let controller = null;
  let active = -1;
  const options = () => [...list.querySelectorAll('[role=option]')];
  const setActive = (index) => {
    const all = options();
    active = all.length === 0 ? -1 : Math.max(-1, Math.min(index, all.length - 1));
    all.forEach((option, i) => option.setAttribute('aria-selected', String(i === active)));
    if (active === -1) input.removeAttribute('aria-activedescendant');
    else { input.setAttribute('aria-activedescendant', all[active].id); all[active].scrollIntoView({ block: 'nearest' }); }
  };
  const close = () => { list.hidden = true; input.setAttribute('aria-expanded', 'false'); setActive(-1); };
  const open = () => { if (list.children.length > 0) { list.hidden = false; input.setAttribute('aria-expanded', 'true'); } };
  const marked = (excerpt) => {
    const p = document.createElement('span');
    p.className = 'search-option-excerpt';
    let at = 0;
    for (const [start, end] of excerpt.highlights) {
      if (start < at) continue;
      p.append(excerpt.text.slice(at, start));
      const mark = document.createElement('mark');
      mark.textContent = excerpt.text.slice(start, end);
      p.append(mark);
      at = end;
    }
    p.append(excerpt.text.slice(at));
    return p;
  };
  const line = (className, text) => { const span = document.createElement('span'); span.className = className; span.textContent = text; return span; };
  const show = (docs) => {
    list.replaceChildren(...docs.map((doc, i) => {
      const li = document.createElement('li');
      li.id = 'search-option-' + i;
      li.setAttribute('role', 'option');
      li.setAttribute('aria-selected', 'false');
      li.dataset.href = doc.path;
      li.append(line('search-option-title', doc.title || doc.path));
      if (doc.section) li.append(line('search-option-section', doc.section));
      if (doc.excerpt) li.append(marked(doc.excerpt));
      else if (doc.description) li.append(line('search-option-excerpt', doc.description));
      return li;
    }));
    if (docs.length === 0) { const li = document.createElement('li'); li.textContent = 'No results'; li.className = 'empty'; li.setAttribute('role', 'presentation'); list.append(li); }
    status.textContent = docs.length === 0 ? 'No results' : docs.length + (docs.length === 1 ? ' result' : ' results');
    active = -1;
    input.removeAttribute('aria-activedescendant');
    open();
  };
  const search = async () => {
    const q = input.value.trim();
    controller?.abort();
    if (q === '') { list.replaceChildren(); close(); return; }
    controller = new AbortController();
    try {
      const response = await fetch(endpoint + '?limit=10&q=' + encodeURIComponent(q) + lang + version, { signal: controller.signal, headers: { accept: 'application/json' } });
      if (response.ok) show(await response.json());
    } catch (error) {
      if (error.name !== 'AbortError') close();
    }
  };
  const go = (option) => { location.href = option.dataset.href; };
  input.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(search, 150); });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options().length === 0) return;
      event.preventDefault();
      if (list.hidden) { open(); if (event.key === 'ArrowUp') setActive(options().length - 1); return; }
      setActive(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter') {
      const option = options()[active];
      if (!list.hidden && option) { event.preventDefault(); go(option); }
      // Otherwise the form submits: the /search page lists the results.
    } else if (event.key === 'Escape') {
      if (!list.hidden) { event.preventDefault(); close(); } else if (input.value !== '') { input.value = ''; list.replaceChildren(); }
    }
  });
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => { const option = event.target.closest('[role=option]'); if (option) go(option); });
  input.addEventListener('blur', () => close());
  input.addEventListener('focus', () => open());
  document.addEventListener('keydown', (event) => {
    const target = event.target;
    const typing = target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    const shortcut = (event.key === 'k' || event.key === 'K') && (event.ctrlKey || event.metaKey) && !event.altKey;
    if (shortcut || (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey)) {
      event.preventDefault();
      input.focus();
      input.select();
    }
  });
})();
`;
