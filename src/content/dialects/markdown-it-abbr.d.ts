/** markdown-it-abbr ships no types; it is a markdown-it plugin taking no options. */
declare module 'markdown-it-abbr' {
  import type { PluginSimple } from 'markdown-it';
  const abbr: PluginSimple;
  export default abbr;
}
