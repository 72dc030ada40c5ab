import { describe, expect, it } from 'vitest';
import { dialect } from './test-support.js';

describe('GitBook blocks', () => {
  it('turns a hint into a GitHub alert of its style', () => {
    const out = dialect('{% hint style="warning" %}\nCheck **this**.\n{% endhint %}\n');
    expect(out.text).toBe('> [!WARNING]\n> Check **this**.\n');
    expect(out.html).toBe(
      '<div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Warning</p>\n<p>Check <strong>this</strong>.</p>\n</div>\n',
    );
  });

  it('turns tabs into labelled sections', () => {
    const out = dialect(
      '{% tabs %}\n{% tab title="cURL" %}\n```sh\ncurl x\n```\n{% endtab %}\n\n{% tab title="Node" %}\nUse fetch.\n{% endtab %}\n{% endtabs %}',
    );
    expect(out.text).toBe('**cURL**\n\n```sh\ncurl x\n```\n\n**Node**\n\nUse fetch.');
    expect(out.html).toBe(
      '<p><strong>cURL</strong></p>\n<pre tabindex="0"><code class="language-sh">curl x\n</code></pre>\n<p><strong>Node</strong></p>\n<p>Use fetch.</p>\n',
    );
  });

  it('turns embeds (with a caption or alone) and content references into links', () => {
    const embed = dialect('{% embed url="https://youtu.be/x" %}\nDemo\n{% endembed %}');
    expect(embed.text).toBe('[Demo](https://youtu.be/x)');
    expect(embed.html).toBe('<p><a href="https://youtu.be/x">Demo</a></p>\n');
    expect(dialect('{% embed url="https://youtu.be/x" %}\n\nNext.').text).toBe('[https://youtu.be/x](https://youtu.be/x)\n\nNext.');
    const ref = dialect('{% content-ref url="api.md" %}\n[api.md](api.md)\n{% endcontent-ref %}');
    expect(ref.text).toBe('[api.md](api.md)');
    expect(ref.html).toBe('<p><a href="/api">api.md</a></p>\n');
  });

  it('drops an unknown tag and reports it', () => {
    const out = dialect('A\n\n{% mystery %}\n\nB');
    expect(out.text).toBe('A\n\n\nB');
    expect(out.problems).toEqual([{ severity: 'warning', file: 'page.md', message: 'GitBook tags not rendered: mystery' }]);
  });
});

describe('GitBook tags in code', () => {
  it('leaves template tags in a code block inside an admonition as they are', () => {
    const out = dialect('!!! example\n\n    ```html\n    {% if page.meta.comments %}\n    ```\n');
    expect(out.text).toBe('> [!NOTE]\n> ```html\n> {% if page.meta.comments %}\n> ```\n');
    expect(out.problems).toEqual([]);
  });
});
