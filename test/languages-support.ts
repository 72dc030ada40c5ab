/** What the language tests share: validating a sitemap with `xhtml:link` alternates against the XSDs. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIXTURES_DIR, SITEMAP_XSD } from './helpers.js';

/** The `xhtml:link` schema written for the tests, beside the sitemaps.org one (test/fixtures/schemas). */
const XHTML_LINK_XSD = path.join(FIXTURES_DIR, 'schemas/xhtml-link.xsd');

/**
 * Runs `xmllint --schema` on `xml` with a schema importing both namespaces (the sitemap's `<url>`
 * takes any element of another namespace, strictly validated).
 * @returns xmllint's status, stderr and the file name it reports
 */
export function validateSitemap(xml: string): { status: number | null; stderr: string; file: string; error: Error | undefined } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-hreflang-'));
  try {
    const file = path.join(dir, 'sitemap.xml');
    const schema = path.join(dir, 'sitemap-xhtml.xsd');
    writeFileSync(file, xml);
    writeFileSync(
      schema,
      `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <xsd:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="${pathToFileURL(SITEMAP_XSD).href}"/>
  <xsd:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="${pathToFileURL(XHTML_LINK_XSD).href}"/>
</xsd:schema>
`,
    );
    const result = spawnSync('xmllint', ['--noout', '--schema', schema, file], { encoding: 'utf8' });
    return { status: result.status, stderr: result.stderr, file, error: result.error };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
