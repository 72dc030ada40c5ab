/** `npm run feature-table`: writes the dialect feature table (feature-table.ts) into README.md between its markers. */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { featureTable, TABLE_END, TABLE_START } from './feature-table.js';

const readme = fileURLToPath(new URL('../../../README.md', import.meta.url));
const text = readFileSync(readme, 'utf8');
const start = text.indexOf(TABLE_START);
const end = text.indexOf(TABLE_END);
if (start === -1 || end < start) throw new Error(`README.md has no ${TABLE_START} … ${TABLE_END} markers`);
writeFileSync(readme, `${text.slice(0, start + TABLE_START.length)}\n\n${featureTable()}\n\n${text.slice(end)}`);
