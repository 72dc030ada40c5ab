import { describe, expect, it } from 'vitest';
import type { GrantRule } from './settings.js';
import { satisfies, scopesOf } from './grants.js';

/** The two grants and a sales grant (test/oidc-provider.ts TEST_GRANTS). */
const GRANTS: GrantRule[] = [
  { claim: 'groups', anyOf: ['staff', 'docs-admins'], scopes: ['search:read', 'content:read', 'internal:read'] },
  { claim: 'email', endsWith: ['@partner.example'], scopes: ['search:read', 'content:read'] },
  { claim: 'groups', anyOf: ['sales'], scopes: ['content:read', 'search:read'] },
];

describe('scopesOf', () => {
  it('gives every scope of a satisfied grant, in the canonical order', () => {
    expect(scopesOf({ sub: 'a', groups: ['staff'] }, GRANTS)).toEqual(['search:read', 'content:read', 'internal:read']);
  });

  it('orders the union canonically, whatever order the grant lists its scopes in', () => {
    expect(scopesOf({ groups: ['sales'] }, GRANTS)).toEqual(['search:read', 'content:read']);
  });

  it('is the union of every satisfied grant, without duplicates', () => {
    expect(scopesOf({ groups: ['sales', 'docs-admins'], email: 'x@partner.example' }, GRANTS)).toEqual([
      'search:read',
      'content:read',
      'internal:read',
    ]);
  });

  it('is empty when no grant is satisfied (no groups, another domain)', () => {
    expect(scopesOf({ sub: 'carol', email: 'carol@nowhere.example' }, GRANTS)).toEqual([]);
    expect(scopesOf({}, GRANTS)).toEqual([]);
    expect(scopesOf({ groups: ['staff'] }, [])).toEqual([]);
  });
});

describe('satisfies', () => {
  const staff = GRANTS[0] as GrantRule;
  const partner = GRANTS[1] as GrantRule;

  it('anyOf matches a string claim or any item of a list claim, exactly', () => {
    expect(satisfies({ groups: 'staff' }, staff)).toBe(true);
    expect(satisfies({ groups: ['x', 'docs-admins'] }, staff)).toBe(true);
    expect(satisfies({ groups: ['Staff'] }, staff)).toBe(false);
    expect(satisfies({ groups: ['staff '] }, staff)).toBe(false);
    expect(satisfies({ groups: 'staffers' }, staff)).toBe(false);
  });

  it('anyOf ignores claims of other types and non-string items', () => {
    expect(satisfies({ groups: { staff: true } }, staff)).toBe(false);
    expect(satisfies({ groups: 1 }, staff)).toBe(false);
    expect(satisfies({ groups: [['staff']] }, staff)).toBe(false);
    expect(satisfies({ groups: null }, staff)).toBe(false);
  });

  it('endsWith compares a string claim without letter case', () => {
    expect(satisfies({ email: 'Bo@Partner.EXAMPLE' }, partner)).toBe(true);
    expect(satisfies({ email: 'bo@partner.example.evil' }, partner)).toBe(false);
    expect(satisfies({ email: 'bo@notpartner.example' }, partner)).toBe(false);
  });

  it('endsWith takes no list claim and no other type', () => {
    expect(satisfies({ email: ['bo@partner.example'] }, partner)).toBe(false);
    expect(satisfies({ email: 42 }, partner)).toBe(false);
  });

  it('an empty suffix satisfies nothing', () => {
    expect(satisfies({ email: 'anyone@anywhere' }, { claim: 'email', endsWith: [''], scopes: ['search:read'] })).toBe(false);
  });

  it('reads only the named claim', () => {
    expect(satisfies({ roles: ['staff'] }, staff)).toBe(false);
  });
});
