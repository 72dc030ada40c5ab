/** One answered request, as the listener saw it after writing (or failing) the answer. */
export interface AnsweredRequest {
  /** The route's operation id from the route table (`getPage`, `search`, `token`…), or `unmatched`. */
  route: string;
  method: string;
  /** Path without query string. */
  path: string;
  status: number;
  /** What was served: html, markdown, llms (llms.txt / llms-full.txt), mcp, json, asset, other. */
  format: 'html' | 'markdown' | 'llms' | 'mcp' | 'json' | 'asset' | 'other';
  userAgent: string | undefined;
  /** API key id or OAuth client_id of the accepted credential, if any. */
  clientId: string | undefined;
  /** Wall time from the request's arrival to the answer written, in seconds. */
  seconds: number;
}
/** Called once per request, synchronously, after the answer is written; must not throw or block. */
export type RequestObserver = (request: AnsweredRequest) => void;
