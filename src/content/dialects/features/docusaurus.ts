/** The docusaurus rows of the dialect feature table (../features.ts), each from the page of the documentation it names. */
import type { DialectFeature } from '../features.js';

export const docusaurusFeatures: readonly DialectFeature[] = [];
