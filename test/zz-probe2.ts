import { HtmlValidate } from 'html-validate';
import { buildTestApp, DOCS_SMALL } from './helpers.js';
const t = await buildTestApp(DOCS_SMALL);
const hv = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: { 'valid-id': ['error', { relaxed: true }], 'void-style': 'off', 'long-title': 'off', 'no-trailing-whitespace': 'off' },
});
for (const url of process.argv.slice(2)) {
  const res = await t.app.inject({ url });
  const report = await hv.validateString(res.body, url);
  for (const r of report.results)
    for (const m of r.messages.slice(0, 6))
      console.log(url, m.ruleId, m.line, m.message, '::', JSON.stringify(res.body.slice(m.offset - 40, m.offset + m.size + 20)));
}
await t.app.close();
