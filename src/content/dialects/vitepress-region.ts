/**
 * VitePress regions (vitepress.dev/guide/markdown#import-code-snippets): the lines between
 * `#region name` and `#endregion name` markers, written in any comment (`// #region a`,
 * `<!-- #region a -->`, `# region a`), other region markers left out.
 */
import { markedRegion, type RegionMarkers } from './marked-region.js';

/** A region marker line: `#region name` or `#endregion name` inside whatever comment the language has. */
const MARKER = /#\s?(?:end)?region\b/;

/** VitePress' region markers. */
const VITEPRESS_REGION: RegionMarkers = {
  open: (name) => `#\\s?region\\s+${name}`,
  close: (name) => `#\\s?endregion\\s+${name}`,
  any: MARKER,
};

/** The lines of `name`'s region in `text`, without marker lines; undefined when it has no such region. */
export function regionOf(text: string, name: string): string | undefined {
  return markedRegion(text.split('\n'), name, VITEPRESS_REGION);
}
