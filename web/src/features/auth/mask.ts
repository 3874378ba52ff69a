/** "alice@demo.test" → "al***@demo.test": enough to recognise, not to read out. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  const name = email.slice(0, at);
  const keep = name.length <= 2 ? 1 : 2;
  return `${name.slice(0, keep)}***${email.slice(at)}`;
}

/** "13812345678" → "138****5678"; short numbers keep their last two digits. */
export function maskMobile(mobile: string): string {
  if (mobile.length >= 8) return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
  return `****${mobile.slice(-2)}`;
}
