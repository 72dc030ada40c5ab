/** markdown-it-emoji's emoji table (GitHub's gemoji names), shipped untyped: name → emoji. */
declare module 'markdown-it-emoji/lib/data/full.mjs' {
  const emoji: Readonly<Record<string, string>>;
  export default emoji;
}
