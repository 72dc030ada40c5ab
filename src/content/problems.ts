/** A content problem found while loading or building a site, as listed by `sitegate check`. */
export interface ContentProblem {
  /** `error` makes `sitegate check` exit non-zero; `warning` is reported only. */
  severity: 'error' | 'warning';
  /** Path of the file relative to the content folder, `/`-separated. */
  file: string;
  /** 1-based line in the file, when the problem has one (a broken link's block). */
  line?: number;
  /** One line, fit to print after the file name. */
  message: string;
  /**
   * True when the problem kept a page unpublished that might have been meant private (frontmatter
   * that names `access` or `draft` but does not parse): `serve` refuses to start on such a problem
   * unless `--allow-content-errors` is given (DESIGN.md "Private content fails closed").
   */
  heldBack?: boolean;
}
