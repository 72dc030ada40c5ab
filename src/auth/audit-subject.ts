/**
 * The person's `sub` as the audit log writes it (`sub=…` in `detail`): the identity provider's
 * value is untrusted text (OpenID Connect Core §2 allows any string of up to 255 ASCII characters,
 * and providers send more), and the audit detail is one space-separated line.
 */

/**
 * A short, secret-free `sub` for the audit log: every character outside printable ASCII (spaces
 * and control characters included) becomes `?`, and the result is at most 100 characters.
 * @param subject the identity provider's `sub`
 * @returns the text to write after `sub=`
 */
export function auditSubject(subject: string): string {
  return subject.replace(/[^\x21-\x7e]/g, '?').slice(0, 100);
}
