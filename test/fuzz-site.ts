/**
 * The site and credentials the HTTP fuzz tests attack: public pages with odd names, internal pages
 * (top folder `internal/`, `Internal/`, and `access: internal` in a public folder) and a draft, each
 * marked so a leak is visible, and one credential of every kind.
 */
import type { InjectableApp } from './app.js';
import { buildTestApp, issueKey, writeContent, type TestApp, type TestAppOptions } from './helpers.js';
import { DRAFT_MARKER, INTERNAL_MARKER } from './fuzz-support.js';

/** The fuzz site's files. */
export const FUZZ_SITE_FILES: Record<string, string> = {
  'README.md': '---\ntitle: Fuzz site\ndescription: A site under attack.\n---\n\nSee [setup](guides/setup.md) and [c++](common/c++.md).\n',
  'guides/README.md': '# Guides\n\nAll guides.\n',
  'guides/setup.md': '# Setup\n\nInstall the widget. Then [read more](../common/%25.md).\n',
  'guides/hidden.md': `---\ntitle: Hidden ${INTERNAL_MARKER}\naccess: internal\n---\n\nHidden body ${INTERNAL_MARKER}.\n`,
  'guides/draft.md': `---\ntitle: Draft ${DRAFT_MARKER}\ndraft: true\n---\n\n${DRAFT_MARKER}\n`,
  'common/%.md': '# %\n\nThe percent page.\n',
  'common/[.md': '# [\n\nThe bracket page.\n',
  'common/~.md': '# ~\n\nThe tilde page.\n',
  'common/..md': '# ..\n\nThe dots page.\n',
  'common/c++.md': '# c++\n\nThe C++ compiler.\n',
  'posts/hello.md': '---\ntitle: Hello\ndate: 2026-01-01\n---\n\nA post.\n',
  'internal/README.md': `---\ntitle: Internal home ${INTERNAL_MARKER}\ndescription: ${INTERNAL_MARKER} overview\n---\n\n${INTERNAL_MARKER}\n`,
  'internal/runbook.md': `# Runbook\n\nPage the on-call engineer. ${INTERNAL_MARKER}\n`,
  'Internal/Upper.md': `# Upper ${INTERNAL_MARKER}\n\nUpper-case internal folder.\n`,
};

/** Public page URLs of the fuzz site, canonical. */
export const PUBLIC_URLS = [
  '/',
  '/guides/',
  '/guides/setup',
  '/guides/setup.md',
  '/common/%25',
  '/common/%5B',
  '/common/~',
  '/common/..md',
  '/common/c%2B%2B',
  '/posts/hello',
];

/** URLs of internal pages (and of the internal zone). */
export const INTERNAL_URLS = [
  '/internal/',
  '/internal/runbook',
  '/internal/runbook.md',
  '/Internal/Upper',
  '/guides/hidden',
  '/guides/hidden.md',
];

/** Every route that is not a page. */
export const ROUTE_URLS = [
  '/openapi.json',
  '/llms.txt',
  '/llms-full.txt',
  '/developers',
  '/sitemap.xml',
  '/robots.txt',
  '/api/search.json',
  '/api/v1/health',
  '/api/v1/whoami',
  '/api/v1/oauth/token',
  '/api/v1/oauth/revoke',
  '/api/v1/oauth/introspect',
  '/mcp',
  '/.well-known/jwks.json',
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource',
  '/.well-known/api-catalog',
  '/_sitegate/site.css',
  '/_sitegate/site.js',
];

/** One credential of every kind, valid ones issued by the app's own key and token services. */
export interface FuzzCredentials {
  /** search:read content:read */
  publicKey: { apiKey: string; clientId: string; clientSecret: string };
  /** search:read content:read internal:read */
  internalKey: { apiKey: string; clientId: string; clientSecret: string };
  /** content:read only: 403 on search and whoami */
  contentOnlyKey: string;
  revokedKey: string;
  publicToken: string;
  internalToken: string;
}

/** A fuzz app and what it was built with. */
export interface FuzzApp extends TestApp {
  app: InjectableApp;
  contentDir: string;
  credentials: FuzzCredentials;
}

/** Builds the fuzz site and its credentials. */
export async function buildFuzzApp(options: TestAppOptions = {}): Promise<FuzzApp> {
  const contentDir = writeContent(FUZZ_SITE_FILES);
  const t = await buildTestApp(contentDir, options);
  const publicKey = await issueKey(t.context, ['search:read', 'content:read'], { name: 'public' });
  const internalKey = await issueKey(t.context, ['search:read', 'content:read', 'internal:read'], { name: 'internal' });
  const contentOnly = await issueKey(t.context, ['content:read'], { name: 'content-only' });
  const revoked = await issueKey(t.context, ['search:read', 'internal:read'], { name: 'revoked' });
  await t.context.auth.keys.revoke(revoked.clientId);
  const publicToken = (await t.context.auth.tokens.issue(publicKey.clientId, ['search:read', 'content:read'])).token;
  const internalToken = (await t.context.auth.tokens.issue(internalKey.clientId, ['search:read', 'content:read', 'internal:read'])).token;
  return {
    ...t,
    contentDir,
    credentials: { publicKey, internalKey, contentOnlyKey: contentOnly.apiKey, revokedKey: revoked.apiKey, publicToken, internalToken },
  };
}
