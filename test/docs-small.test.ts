/**
 * docs-small (cert-manager's docs, 201 pages; test/fixtures/docs-small/SOURCE.md) served end to end
 * from the copy inside the repository: see test/corpus-serving.ts for what is checked.
 */
import { DOCS_SMALL } from './helpers.js';
import { describeServedCorpus } from './corpus-serving.js';

describeServedCorpus({
  name: 'docs-small',
  dir: DOCS_SMALL,
  publicPages: 201,
  // reference/api-docs.md in 8 parts, four more pages in 2.
  laterParts: 11,
  llmsSplit: false,
  roundTrips: [
    { file: 'README.md', url: '/', markdownUrl: '/index.md' },
    {
      file: 'contributing/google-season-of-docs/2022/README.md',
      url: '/contributing/google-season-of-docs/2022/',
      markdownUrl: '/contributing/google-season-of-docs/2022/index.md',
    },
    {
      file: 'releases/release-notes/release-notes-1.14.md',
      url: '/releases/release-notes/release-notes-1.14',
      markdownUrl: '/releases/release-notes/release-notes-1.14.md',
    },
  ],
  // SOURCE.md: exactly 3 relative links break (two climb out of the root, one names the
  // YAML-only ./gatekeeper/ folder). The 10 links to folders or extensionless names
  // (`approval`, `approver-policy`, `../installation/`, `../../installation`, `../../concepts`,
  // `../../configuration/acme`, `../../configuration/acme/http01#…`, `…/http01/#…`,
  // `../../../getting-started`) resolve to README.md pages and must not be reported.
  // DEPRECATED.md is the one page without any title. Five files are over the 50,000 characters
  // past which agents truncate (`wc -m`: 50,930 to 274,580), so they are served in parts and
  // check says so (sizes as served: links absolute, the llms.txt pointer added). SOURCE.md: the
  // images (`/images/…`, and one under `/docs/…`) live outside this folder and 404 in this copy:
  // check names each page's link to a file that is not served. Lines count in the markdown after
  // the dialect steps: usage/gateway.md's image is on line 53 of the file, 44 once its three
  // `:::info` admonitions have become shorter GitHub alerts.
  check: {
    stdout: [
      'broken-link: 1 error',
      "  fix: Point the link at a page or file that exists (relative to the page's file), or name its target in check.knownMissing.",
      '  tutorials/getting-started-with-trust-manager/README.md:497: error: broken relative link: ./gatekeeper/',
      'no-page: 4 errors',
      '  fix: Correct the path or add the page; a moved page keeps its old URL with the redirects setting.',
      // The site's blog post, outside the docs folder the corpus copies: absolute links are checked too.
      '  tutorials/acme/nginx-ingress.md:6: error: no page at: /announcements/2025/11/26/ingress-nginx-eol-and-gateway-api',
      '  tutorials/venafi/venafi.md:6: error: no page at: /announcements/2025/11/26/ingress-nginx-eol-and-gateway-api',
      '  tutorials/zerossl/zerossl.md:6: error: no page at: /announcements/2025/11/26/ingress-nginx-eol-and-gateway-api',
      '  usage/ingress.md:6: error: no page at: /announcements/2025/11/26/ingress-nginx-eol-and-gateway-api',
      'no-static-file: 12 errors',
      '  fix: Add the file to the content or static folder, correct the link, or name it in check.knownMissing.',
      '  README.md:20: error: no static file at: /images/high-level-overview.svg',
      '  contributing/google-season-of-docs/2022/improve-navigation-and-structure.md:152: error: no static file at: /images/google-season-of-docs-2022-improve-navigation-and-structure.png',
      '  devops-tips/prometheus-metrics.md:180: error: no static file at: /docs/devops-tips/prometheus-metrics/prometheus-status-targets.png',
      '  policy/README.md:6: error: no static file at: /images/issuance-flow-policy.png',
      '  policy/approval/README.md:6: error: no static file at: /images/issuance-flow-policy.png',
      '  policy/defaulting.md:6: error: no static file at: /images/issuance-flow-policy.png',
      '  policy/issuing.md:6: error: no static file at: /images/issuance-flow-policy.png',
      '  troubleshooting/webhook.md:24: error: no static file at: /images/troubleshooting/webhook-pod-networking-diagram.png',
      '  tutorials/getting-started-with-cert-manager-on-google-kubernetes-engine-using-lets-encrypt-for-ingress-ssl/README.md:198: error: no static file at: /images/getting-started/screenshot_google-domains_get-a-new-domain.png',
      '  tutorials/getting-started-with-cert-manager-on-google-kubernetes-engine-using-lets-encrypt-for-ingress-ssl/README.md:202: error: no static file at: /images/getting-started/screenshot_google-domains_your-cart.png',
      '  tutorials/getting-started-with-cert-manager-on-google-kubernetes-engine-using-lets-encrypt-for-ingress-ssl/README.md:212: error: no static file at: /images/getting-started/screenshot_google-domains_resource-records.png',
      // Line 53 as written: three `:::info` admonitions come before it (the plain markdown has it at 44).
      '  usage/gateway.md:53: error: no static file at: /images/gateway-roles.png',
      'link-escapes: 2 errors',
      '  fix: Link to a page inside the content folder, or to the absolute URL of what lies outside it.',
      '  releases/release-notes/release-notes-1.14.md:226: error: link escapes the content folder: ../../../docs/reference/api-docs.md#cert-manager.io/v1.PKCS12Profile',
      '  tutorials/certificate-defaults/README.md:131: error: link escapes the content folder: ./../../../docs/installation/helm.md',
      'page-size: 5 warnings',
      '  fix: Split the page at its headings, or give it headings to be cut at; pageMaxChars sets the limit.',
      '  policy/approval/approver-policy/api-reference.md: warning: 59679 characters as markdown: over the page limit of 50000, so it is served in 2 parts',
      '  reference/api-docs.md: warning: 274697 characters as markdown: over the page limit of 50000, so it is served in 8 parts',
      '  releases/release-notes/release-notes-1.12.md: warning: 51475 characters as markdown: over the page limit of 50000, so it is served in 2 parts',
      '  releases/release-notes/release-notes-1.14.md: warning: 54280 characters as markdown: over the page limit of 50000, so it is served in 2 parts',
      '  troubleshooting/webhook.md: warning: 51015 characters as markdown: over the page limit of 50000, so it is served in 2 parts',
      'no-title: 1 warning',
      '  fix: Give the page an H1 or a frontmatter title.',
      '  tutorials/istio-csr/example/DEPRECATED.md: warning: no title (frontmatter title or H1); using "DEPRECATED"',
      '201 pages, 19 errors, 6 warnings',
      '',
    ].join('\n'),
    exitCode: 1,
  },
});
