/**
 * `sitegate stats --html FILE`: the report as one self-contained HTML file. Charts are inline SVG
 * drawn here, styles inline, no script; a Content-Security-Policy forbids every fetch, so the file
 * opens offline and request-supplied text (paths, queries) can do nothing but be read.
 */
import { escapeHtml } from '../escape.js';
import type { StatsReport } from './report.js';
import { MAX_KEYS_PER_FLUSH, OTHER_PATH, OVERFLOW_PATH } from './counter.js';

/** Agents drawn in their own colour over time; the others are summed as "others". */
const CHART_AGENTS = 7;
/** Colour-blind-safe palette (Okabe–Ito), one colour per named agent. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442'];
/** The colour of "others". */
const OTHERS_COLOUR = '#999999';
const colour = (j: number): string => PALETTE[j] ?? OTHERS_COLOUR;

/** A point's start as its series names it: `2030-01-02`, or `2030-01-02 13:05 UTC` for hours and minutes. */
function pointLabel(start: string, series: StatsReport['series']): string {
  return series === 'day' ? start.slice(0, 10) : `${start.slice(0, 10)} ${start.slice(11, 16)} UTC`;
}

const CHART_WIDTH = 860;
const CHART_HEIGHT = 240;
const PAD_LEFT = 48;
const PAD_BOTTOM = 28;

const number = (n: number): string => n.toLocaleString('en-US');
const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

/** Stacked bars of requests per point of the series, one colour per agent. */
function agentsOverTimeChart(report: StatsReport): string {
  // An agent name can head two rows (curl anonymous and with a key): the chart counts it once.
  const named = [...new Set(report.agents.map((a) => a.agent))].slice(0, CHART_AGENTS);
  const hasOthers = new Set(report.agents.map((a) => a.agent)).size > named.length;
  const stacks = report.agentsOverTime.map((point) => {
    const values = named.map((agent) => point.agents[agent] ?? 0);
    const total = Object.values(point.agents).reduce((sum, n) => sum + n, 0);
    return { start: point.start, values: [...values, total - values.reduce((sum, n) => sum + n, 0)] };
  });
  const max = Math.max(1, ...stacks.map((s) => s.values.reduce((sum, n) => sum + n, 0)));
  const plotWidth = CHART_WIDTH - PAD_LEFT;
  const plotHeight = CHART_HEIGHT - PAD_BOTTOM;
  const step = plotWidth / Math.max(1, stacks.length);
  const barWidth = Math.max(1, step * 0.8);
  const bars = stacks.flatMap((stack, i) => {
    let y = plotHeight;
    return stack.values.flatMap((value, j) => {
      if (value === 0) return [];
      const height = (value / max) * (plotHeight - 8);
      y -= height;
      const label = `${pointLabel(stack.start, report.series)} ${j < named.length ? named[j] : 'others'}: ${number(value)}`;
      return [
        `<rect x="${(PAD_LEFT + i * step).toFixed(1)}" y="${y.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${height.toFixed(1)}" fill="${j < named.length ? colour(j) : OTHERS_COLOUR}"><title>${escapeHtml(label)}</title></rect>`,
      ];
    });
  });
  const first = stacks[0]?.start ?? report.since;
  const last = stacks.at(-1)?.start ?? report.until;
  const axis = [
    `<line x1="${PAD_LEFT}" y1="${plotHeight}" x2="${CHART_WIDTH}" y2="${plotHeight}" stroke="#555"/>`,
    `<text x="${PAD_LEFT - 6}" y="14" text-anchor="end">${number(max)}</text>`,
    `<text x="${PAD_LEFT - 6}" y="${plotHeight}" text-anchor="end">0</text>`,
    `<text x="${PAD_LEFT}" y="${CHART_HEIGHT - 8}">${escapeHtml(pointLabel(first, report.series))}</text>`,
    `<text x="${CHART_WIDTH}" y="${CHART_HEIGHT - 8}" text-anchor="end">${escapeHtml(pointLabel(last, report.series))}</text>`,
  ];
  const legend = [...named, ...(hasOthers ? ['others'] : [])]
    .map(
      (agent, j) =>
        `<li><span class="swatch" style="background:${j < named.length ? colour(j) : OTHERS_COLOUR}"></span>${escapeHtml(agent)}</li>`,
    )
    .join('');
  return `<svg role="img" aria-label="Requests per ${report.series} by agent" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" width="100%">${axis.join('')}${bars.join('')}</svg><ul class="legend">${legend}</ul>`;
}

/** Horizontal bars: one row per item, its value as a share of the largest. */
function barList(items: readonly { label: string; value: number; text: string }[]): string {
  const max = Math.max(1, ...items.map((item) => item.value));
  const rows = items.map(
    (item, i) =>
      `<g transform="translate(0 ${i * 26})"><text x="0" y="16" class="label">${escapeHtml(item.label.length > 48 ? `${item.label.slice(0, 47)}…` : item.label)}</text>` +
      `<rect x="330" y="4" width="${((item.value / max) * 420).toFixed(1)}" height="16" fill="${colour(0)}"/>` +
      `<text x="${(336 + (item.value / max) * 420).toFixed(1)}" y="16">${escapeHtml(item.text)}</text></g>`,
  );
  return `<svg role="img" viewBox="0 0 ${CHART_WIDTH} ${Math.max(26, items.length * 26)}" width="100%">${rows.join('')}</svg>`;
}

/** A table: the header row, then the cells (text, escaped here). */
function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  if (rows.length === 0) return '<p class="empty">Nothing counted in this window.</p>';
  const cells = (row: readonly string[], tag: string): string => row.map((cell) => `<${tag}>${escapeHtml(cell)}</${tag}>`).join('');
  return `<table><thead><tr>${cells(head, 'th')}</tr></thead><tbody>${rows.map((row) => `<tr>${cells(row, 'td')}</tr>`).join('')}</tbody></table>`;
}

const formats = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([format, n]) => `${format} ${number(n)}`)
    .join(', ');

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1b1b1b;background:#fff}
h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2.2rem;border-bottom:1px solid #ddd}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #eee;vertical-align:top}
td:nth-child(n+2){font-variant-numeric:tabular-nums}svg text{font:12px system-ui,sans-serif;fill:#1b1b1b}
.legend{list-style:none;display:flex;flex-wrap:wrap;gap:1rem;padding:0}.swatch{display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem}
.empty{color:#555}`;

/** The report as a complete HTML document. */
export function renderHtmlReport(report: StatsReport): string {
  const pagesRows = report.topPages.map((page) => [
    page.path,
    number(page.requests),
    Object.entries(page.agents)
      .map(([agent, n]) => `${agent} ${number(n)}`)
      .join(', '),
  ]);
  const sections = [
    `<h1>What agents do</h1><p>${number(report.requests)} requests from ${escapeHtml(report.since)} to ${escapeHtml(report.until)} (${report.granularity} counts).</p>`,
    `<h2>Agents over time</h2>${report.agentsOverTime.length === 0 || report.requests === 0 ? '<p class="empty">Nothing counted in this window.</p>' : agentsOverTimeChart(report)}`,
    `<h2>Agents</h2>${table(
      ['Agent', 'Category', 'Requests', 'Formats'],
      report.agents.map((a) => [a.agent, a.category, number(a.requests), formats(a.formats)]),
    )}`,
    `<h2>Top pages by agent</h2>${pagesRows.length === 0 ? '' : barList(report.topPages.map((p) => ({ label: p.path, value: p.requests, text: number(p.requests) })))}${table(['Page', 'Requests', 'Agents'], pagesRows)}`,
    `<h2>Markdown share</h2><p>Of the pages read (HTML or markdown), the share read as markdown.</p>${
      report.markdownShare.length === 0
        ? ''
        : barList(
            report.markdownShare.map((s) => ({
              label: s.category,
              value: s.share,
              text: `${percent(s.share)} of ${number(s.html + s.markdown)}`,
            })),
          )
    }${table(
      ['Category', 'HTML', 'Markdown', 'Share'],
      report.markdownShare.map((s) => [s.category, number(s.html), number(s.markdown), percent(s.share)]),
    )}`,
    `<h2>Searches that found nothing</h2>${table(
      ['Query', 'Searches'],
      report.zeroResultQueries.map((q) => [q.query, number(q.count)]),
    )}`,
    `<h2>API keys</h2>${
      report.keys.length === 0
        ? ''
        : barList(report.keys.map((k) => ({ label: k.name ?? k.client_id, value: k.requests, text: number(k.requests) })))
    }${table(
      ['client_id', 'Name', 'Requests', 'Formats'],
      report.keys.map((k) => [k.client_id, k.name ?? '-', number(k.requests), formats(k.formats)]),
    )}`,
    `<h2>Statuses</h2>${table(
      ['Status', 'Requests'],
      report.statuses.map((s) => [String(s.status), number(s.requests)]),
    )}`,
    `<h2>Outside the site</h2><p>Requests for no page, asset or route of the site (made-up URLs, probes, missing pages), counted together as <code>${escapeHtml(OTHER_PATH)}</code>, by status.</p>${table(
      ['Status', 'Requests'],
      report.outsideSite.map((s) => [String(s.status), number(s.requests)]),
    )}${
      report.overflowRequests === 0
        ? ''
        : `<p>${number(report.overflowRequests)} requests past the per-flush cap of ${number(MAX_KEYS_PER_FLUSH)} kinds, counted as <code>${escapeHtml(OVERFLOW_PATH)}</code>: in every total, their details merged.</p>`
    }`,
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>sitegate stats ${escapeHtml(report.since)} – ${escapeHtml(report.until)}</title><style>${STYLE}</style></head>
<body><main>${sections.join('\n')}</main></body></html>
`;
}
