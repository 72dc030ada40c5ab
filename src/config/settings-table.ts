/**
 * The settings table of docs/settings.md, made from the settings list (settings.ts) so that the two
 * cannot disagree: `npm run settings-table` writes it between the `<!-- settings -->` markers, and
 * settings.test.ts fails when the page's copy is out of date.
 */
import { SETTINGS, type Setting } from './settings.js';

/** The page of the repository that holds the table, relative to the repository root. */
export const SETTINGS_PAGE = 'docs/settings.md';

/** The markers around the table in {@link SETTINGS_PAGE}. */
export const TABLE_START = '<!-- settings: made by npm run settings-table from src/config/settings.ts -->';
export const TABLE_END = '<!-- /settings -->';

const code = (text: string): string => `\`${text}\``;

/** A setting's default as the settings page shows it. */
function defaultCell(setting: Setting): string {
  if (setting.defaultText !== undefined) return setting.defaultText;
  if (setting.default === undefined) return 'none';
  return code(Array.isArray(setting.default) || typeof setting.default !== 'string' ? JSON.stringify(setting.default) : setting.default);
}

/** The rows of the table (header first), as cells. */
export function settingsRows(): string[][] {
  return [
    ['sitegate.json key', 'Flag', 'Environment', 'Default', 'What it is'],
    ...SETTINGS.map((setting) => [
      setting.file === false ? '(not in the file)' : code(setting.key),
      setting.flag === undefined ? '' : code(setting.flag),
      setting.env === undefined ? '' : code(setting.env),
      defaultCell(setting),
      setting.description.replaceAll('|', '\\|'),
    ]),
  ];
}

/** The table as markdown (unaligned; prettier aligns it). */
export function settingsTable(): string {
  const [header = [], ...rows] = settingsRows();
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
