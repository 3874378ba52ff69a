/**
 * SQL literals for the seed file. Each statement stays on one line so the file
 * can be split on newlines (D1's exec and the seed tests rely on it): a newline
 * inside text becomes `char(10)`.
 */
export const sqlText = (value: string): string =>
  value
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => `'${line.replace(/'/g, "''")}'`)
    .join(" || char(10) || ");

export const sqlInt = (value: number): string => {
  if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer: ${value}`);
  return String(value);
};

export const sqlBool = (value: boolean): string => (value ? "1" : "0");
