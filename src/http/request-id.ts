/**
 * Request ids, shared by Fastify (its `genReqId`) and the fast path, so an id named in a 500 body
 * or a log line is unique across both. The format is Fastify's default: `req-` and a counter in
 * base 36.
 */

/** Largest counter value before it wraps to 0 (Fastify's default generator wraps the same way). */
const MAX_COUNTER = 2_147_483_647;

/** Makes a generator of request ids: `req-1`, `req-2`, … `req-z`, `req-10`, … */
export function createRequestIds(): () => string {
  let next = 0;
  return function nextRequestId() {
    next = (next + 1) & MAX_COUNTER;
    return `req-${next.toString(36)}`;
  };
}
