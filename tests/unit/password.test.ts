import { describe, expect, it } from "vitest";
import { PBKDF2_ITERATIONS, hashPassword, verifyPassword } from "../../worker/domain/auth/password.ts";

describe("password hashing", () => {
  it("stays within Cloudflare's PBKDF2 limit of 100,000 iterations", () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  it("writes a versioned format with a per-hash salt and verifies only the right password and pepper", async () => {
    const a = await hashPassword("correct horse", "pepper");
    const b = await hashPassword("correct horse", "pepper");
    expect(a).toMatch(/^pbkdf2-sha256\$v1\$100000\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse", a, "pepper")).toBe(true);
    expect(await verifyPassword("correct horsE", a, "pepper")).toBe(false);
    expect(await verifyPassword("correct horse", a, "other pepper")).toBe(false);
    expect(await verifyPassword("correct horse", "md5$abc", "pepper")).toBe(false);
  });

  it("refuses hashes that claim more iterations than the runtime allows", async () => {
    const stored = (await hashPassword("pw-12345678", "p")).replace("$100000$", "$200000$");
    expect(await verifyPassword("pw-12345678", stored, "p")).toBe(false);
  });
});
