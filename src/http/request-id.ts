/**
 * Request ids, made by the listener for a request that needs one (a 500 body and its log line
 * name the same id): `req-` and a counter in base 36.
 */

/** Largest counter value before it wraps to 0 (a 31-bit counter). */
const MAX_COUNTER = 2_147_483_647;

/** Makes a generator of request ids: `req-1`, `req-2`, … `req-z`, `req-10`, … */
export function createRequestIds(): () => string {
  let next = 0;
  return function nextRequestId() {
    next = (next + 1) & MAX_COUNTER;
    return `req-${next.toString(36)}`;
  };
}
