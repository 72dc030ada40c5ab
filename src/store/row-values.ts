/**
 * How the SQL adapters write values into rows and read them back: instants as ISO-8601 UTC text
 * (`2030-01-02T03:04:05.678Z`, which sorts correctly as text in every database), scopes as one
 * space-delimited string (RFC 6749 §3.3, as `scope` travels in OAuth).
 */
import type { Scope } from '../errors.js';

/** An instant as stored: ISO-8601 UTC with milliseconds. */
export const iso = (date: Date): string => date.toISOString();
/** {@link iso}, or null for none. */
export const isoOrNull = (date: Date | null): string | null => (date === null ? null : date.toISOString());
/** A stored instant read back, or null for none. */
export const dateOrNull = (text: string | null): Date | null => (text === null ? null : new Date(text));
/** Scopes as stored: space-delimited, in the order given (`''` for none). */
export const scopesText = (scopes: readonly Scope[]): string => scopes.join(' ');
/** Stored scopes read back, in the stored order. */
export const scopesOf = (text: string): Scope[] => (text === '' ? [] : (text.split(' ') as Scope[]));
