/**
 * The page shell's script (joined into SITE_JS, layout/assets.ts), browser code as a string: no
 * framework, every part a progressive enhancement of server-rendered HTML that works without it.
 *
 * - Menu button: opens the navigation as a drawer below 900 px (`aria-expanded`, focus moves to
 *   the current page's link or the first link; Escape, the button, a click outside close it and
 *   focus returns to the button), WAI-ARIA APG "Disclosure" pattern.
 * - Theme toggle: auto → light → dark → auto, kept in localStorage (theme-init.ts applies it
 *   before the first paint on the next page).
 * - On-page table of contents: open in the right gutter from 1200 px, the section being read
 *   highlighted (IntersectionObserver).
 * - Heading anchors: a `#` link after each H2–H4 with an id, shown on hover and focus.
 * - Copy page: copies the page's markdown, fetched from its `.md` URL, to the clipboard.
 */
import { THEME_STORAGE_KEY } from './theme-init.js';

/** The shell's script. */
export const SHELL_JS = `(() => {
  const root = document.documentElement;
  const menu = document.querySelector('.menu-button');
  const nav = document.getElementById('site-nav');
  if (menu && nav) {
    const setOpen = (open, returnFocus) => {
      nav.classList.toggle('open', open);
      menu.setAttribute('aria-expanded', String(open));
      if (open) (nav.querySelector('[aria-current="page"]') || nav.querySelector('a, summary'))?.focus();
      else if (returnFocus) menu.focus();
    };
    menu.addEventListener('click', () => setOpen(!nav.classList.contains('open'), true));
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && nav.classList.contains('open')) { event.preventDefault(); setOpen(false, true); }
    });
    document.addEventListener('click', (event) => {
      if (nav.classList.contains('open') && !nav.contains(event.target) && !menu.contains(event.target)) setOpen(false, false);
    });
    nav.addEventListener('focusout', (event) => {
      if (nav.classList.contains('open') && event.relatedTarget && !nav.contains(event.relatedTarget) && event.relatedTarget !== menu) setOpen(false, false);
    });
    matchMedia('(min-width: 56.25rem)').addEventListener('change', () => setOpen(false, false));
  }

  const toggle = document.querySelector('.theme-toggle');
  if (toggle) {
    const next = { auto: 'light', light: 'dark', dark: 'auto' };
    const label = (theme) => { const text = 'Colour theme: ' + theme + ' (switch to ' + next[theme] + ')'; toggle.setAttribute('aria-label', text); toggle.title = text; };
    label(root.dataset.theme || 'auto');
    toggle.addEventListener('click', () => {
      const theme = next[root.dataset.theme] || 'light';
      root.dataset.theme = theme;
      try { localStorage.setItem('${THEME_STORAGE_KEY}', theme); } catch {}
      label(theme);
    });
  }

  const toc = document.querySelector('details.toc');
  if (toc) {
    const wide = matchMedia('(min-width: 75rem)');
    const fit = () => { toc.open = wide.matches; };
    fit();
    wide.addEventListener('change', fit);
    toc.addEventListener('toggle', () => { if (wide.matches && !toc.open) toc.open = true; });
    const links = new Map([...toc.querySelectorAll('a[href^="#"]')].map((a) => [decodeURIComponent(a.hash.slice(1)), a]));
    const headings = [...links.keys()].map((id) => document.getElementById(id)).filter(Boolean);
    const visible = new Set();
    const mark = () => {
      const current = headings.find((h) => visible.has(h)) || headings.filter((h) => h.getBoundingClientRect().top < 0).pop();
      links.forEach((a, id) => a.classList.toggle('active', current !== undefined && current.id === id));
    };
    if (headings.length > 0 && 'IntersectionObserver' in window) {
      const observer = new IntersectionObserver((entries) => {
        for (const entry of entries) { if (entry.isIntersecting) visible.add(entry.target); else visible.delete(entry.target); }
        mark();
      }, { rootMargin: '-56px 0px -60% 0px' });
      headings.forEach((h) => observer.observe(h));
      // A jump (a link, Home, End) can pass headings without changing whether any is in the band.
      let frame = 0;
      addEventListener('scroll', () => { cancelAnimationFrame(frame); frame = requestAnimationFrame(mark); }, { passive: true });
    }
  }

  for (const heading of document.querySelectorAll('.content :is(h2, h3, h4)[id]')) {
    if (heading.querySelector('a[href="#' + CSS.escape(heading.id) + '"]')) continue;
    const a = document.createElement('a');
    a.className = 'heading-anchor';
    a.href = '#' + encodeURIComponent(heading.id);
    a.textContent = '#';
    a.setAttribute('aria-label', 'Link to the section ' + heading.textContent.trim());
    heading.append(a);
  }

  const copy = document.querySelector('.copy-page');
  if (copy) {
    copy.addEventListener('click', async () => {
      const text = copy.textContent;
      try {
        const response = await fetch(copy.dataset.markdown, { headers: { accept: 'text/markdown' } });
        if (!response.ok) throw new Error('HTTP ' + response.status);
        await navigator.clipboard.writeText(await response.text());
        copy.textContent = 'Copied';
      } catch {
        copy.textContent = 'Copy failed';
      }
      setTimeout(() => { copy.textContent = text; }, 2000);
    });
  }
})();
`;
