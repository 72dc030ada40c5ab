/** markdown-it-deflist ships no types; it is a markdown-it plugin taking no options. */
declare module 'markdown-it-deflist' {
  import type { PluginSimple } from 'markdown-it';
  const deflist: PluginSimple;
  export default deflist;
}
