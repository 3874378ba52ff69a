/**
 * Masks for identifiers shown back to people: enough to recognise one's own
 * document or account, not enough to copy it.
 */

/** ID numbers: the first and last two characters (one each when short), the rest as "*". */
export function maskIdNumber(value: string): string {
  const chars = [...value];
  const keep = chars.length >= 8 ? 2 : chars.length >= 4 ? 1 : 0;
  return chars.map((ch, i) => (i < keep || i >= chars.length - keep ? ch : "*")).join("");
}

/** Account numbers: only the last four (fewer when short), the rest as "*". */
export function maskAccountNumber(value: string): string {
  const chars = [...value];
  const tail = chars.length >= 8 ? 4 : Math.floor(chars.length / 3);
  return chars.map((ch, i) => (i >= chars.length - tail ? ch : "*")).join("");
}
