/** `npm run feature-table`: writes the dialect feature table (feature-table.ts) into docs/generators.md between its markers. */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FEATURE_PAGE, featureTable, TABLE_END, TABLE_START } from './feature-table.js';

const page = fileURLToPath(new URL(`../../../${FEATURE_PAGE}`, import.meta.url));
const text = readFileSync(page, 'utf8');
const start = text.indexOf(TABLE_START);
const end = text.indexOf(TABLE_END);
if (start === -1 || end < start) throw new Error(`${FEATURE_PAGE} has no ${TABLE_START} … ${TABLE_END} markers`);
writeFileSync(page, `${text.slice(0, start + TABLE_START.length)}\n\n${featureTable()}\n\n${text.slice(end)}`);
