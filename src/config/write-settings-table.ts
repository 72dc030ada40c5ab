/** `npm run settings-table`: writes the settings table (settings-table.ts) into docs/settings.md between its markers. */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SETTINGS_PAGE, settingsTable, TABLE_END, TABLE_START } from './settings-table.js';

const page = fileURLToPath(new URL(`../../${SETTINGS_PAGE}`, import.meta.url));
const text = readFileSync(page, 'utf8');
const start = text.indexOf(TABLE_START);
const end = text.indexOf(TABLE_END);
if (start === -1 || end < start) throw new Error(`${SETTINGS_PAGE} has no ${TABLE_START} … ${TABLE_END} markers`);
writeFileSync(page, `${text.slice(0, start + TABLE_START.length)}\n\n${settingsTable()}\n\n${text.slice(end)}`);
