/**
 * Writes `sitegate.schema.json` at the package root (run by `npm run build`), so that the package
 * publishes the schema that `sitegate init` references and editors validate sitegate.json with.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSchema, SCHEMA_FILE_NAME } from './schema.js';

writeFileSync(fileURLToPath(new URL(`../../${SCHEMA_FILE_NAME}`, import.meta.url)), `${JSON.stringify(buildSchema(), null, 2)}\n`);
