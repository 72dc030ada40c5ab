import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits } from './conditional.js';

const ETAG = '"Qhl5jutyM8BicfpTSKlp7i"';

describe('ifNoneMatchHits', () => {
  it.each([
    ['the same tag', ETAG],
    ['the weak form (weak comparison, RFC 9110 §13.1.2)', `W/${ETAG}`],
    ['a list that holds it', `"other", ${ETAG}`],
    ['a list without spaces', `"other",${ETAG},"third"`],
    ['a list with weak tags', `W/"other", W/${ETAG}`],
    ['the gzip variant', '"Qhl5jutyM8BicfpTSKlp7i-gzip"'],
    ['the br variant', '"Qhl5jutyM8BicfpTSKlp7i-br"'],
    ['a weak br variant', 'W/"Qhl5jutyM8BicfpTSKlp7i-br"'],
    ['*', '*'],
    ['* with blanks', ' * '],
  ])('matches %s', (_what, header) => {
    expect(ifNoneMatchHits(header, ETAG)).toBe(true);
  });

  it.each([
    ['another tag', '"other"'],
    ['the empty header', ''],
    ['the unquoted tag', 'Qhl5jutyM8BicfpTSKlp7i'],
    ['another case', '"QHL5JUTYM8BICFPTSKLP7I"'],
    ['a longer tag with the same start', '"Qhl5jutyM8BicfpTSKlp7i2"'],
    ['an unknown coding', '"Qhl5jutyM8BicfpTSKlp7i-deflate"'],
    ['the variant of another tag', '"other-gzip"'],
    ['* inside a list', `"other", *`],
  ])('does not match %s', (_what, header) => {
    expect(ifNoneMatchHits(header, ETAG)).toBe(false);
  });
});
