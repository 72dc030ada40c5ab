/** The repository's package.json as tests read it: what the package says of itself, read apart from src/version.ts. */
import { readFileSync } from 'node:fs';

/** The fields of package.json the tests check. */
export interface PackageJson {
  name: string;
  version: string;
  engines: { node: string };
  files: string[];
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

/** package.json at the repository root, parsed. */
export const PACKAGE_JSON = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as PackageJson;
