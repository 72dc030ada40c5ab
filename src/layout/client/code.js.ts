/**
 * The copy button of code blocks: added by the script to every `<pre><code>` of the page, so that
 * without script there is none. It writes the block's text, without its last line break, through
 * the Clipboard API (w3c.github.io/clipboard-apis `writeText`), and says "Copied" on the button
 * and in a polite live region (WAI-ARIA `aria-live`) for screen readers.
 */
export const CODE_JS = `(() => {
  // The portal's command blocks have their own copy buttons (portal.js.ts).
  const blocks = [...document.querySelectorAll('pre > code')].filter((code) => !code.closest('.portal'));
  if (blocks.length === 0 || !navigator.clipboard) return;
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('aria-live', 'polite');
  document.body.append(status);
  blocks.forEach((code) => {
    const pre = code.parentElement;
    const frame = document.createElement('div');
    frame.className = 'code-frame';
    pre.replaceWith(frame);
    frame.append(pre);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    // Named "Copy code" with the visible word first (WCAG 2.5.3 Label in Name), then "Copied".
    const word = document.createTextNode('Copy');
    const hidden = document.createElement('span');
    hidden.className = 'visually-hidden';
    hidden.textContent = ' code';
    button.append(word, hidden);
    let timer = 0;
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(code.textContent.replace(/\\n$/, ''));
        word.textContent = 'Copied';
        status.textContent = 'Copied to the clipboard';
      } catch {
        word.textContent = 'Failed';
        status.textContent = 'Could not copy';
      }
      clearTimeout(timer);
      timer = setTimeout(() => { word.textContent = 'Copy'; status.textContent = ''; }, 2000);
    });
    frame.append(button);
  });
})();
`;
