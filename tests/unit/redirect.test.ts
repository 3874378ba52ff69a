import { describe, expect, it } from "vitest";

/*
 * The real route table decides what is an app route. It lazy-loads the .tsx pages,
 * which this (node, no JSX) project does not type-check, so the module is loaded by a
 * specifier the type checker does not follow; vitest resolves it as usual.
 */
const modulePath: string = "../../web/src/pages/auth/redirect.ts";
const { safeRedirect } = (await import(/* @vite-ignore */ modulePath)) as { safeRedirect: (target: string | null) => string };

describe("safeRedirect: after log-in only known in-app routes are followed", () => {
  it.each([
    ["/setting/security", "/setting/security"],
    ["/fund/withdraw?currency=3", "/fund/withdraw?currency=3"],
    ["/market", "/market"],
    ["/article/12", "/article/12"],
    ["/fund/withdraw?currency=3#x", "/fund/withdraw?currency=3"],
    ["/fund/withdraw?coin=1", "/fund/withdraw?coin=1"],
  ])("keeps the app route %j as %j", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    [null],
    [""],
    ["https://evil.example/phish"],
    ["http:/evil.example"],
    ["//evil.example/path"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    [" /setting"],
    ["/setting\n"],
    ["/%2F%2Fevil.example"],
    ["/no/such/page"],
    ["/setting/../../evil"],
    ["data:text/html,<script>alert(1)</script>"],
    ["setting/security"],
    ["/login"],
    ["/login?redirect=/market"],
    ["/register"],
    ["/register?x=1"],
    ["/forget"],
    ["/area"],
  ])("sends %j home", (target) => {
    expect(safeRedirect(target)).toBe("/");
  });
});
