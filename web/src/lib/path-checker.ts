import { matchPath } from "react-router";

/**
 * Whether a path ("/article/42?x=1") matches one of the route patterns, as the router matches them. Answers are kept:
 * matchPath compiles a pattern on every call, and home asks about each of its links on every render. A path naming a
 * pattern without parameters exactly needs no matching at all.
 */
export function pathChecker(patterns: readonly string[]): (path: string) => boolean {
  const exact = new Set(patterns.filter((p) => !/[:*]/.test(p)));
  const answers = new Map<string, boolean>();
  return (path) => {
    const pathname = path.split(/[?#]/)[0] || "/";
    let answer = answers.get(pathname);
    if (answer === undefined) {
      answer = exact.has(pathname) || patterns.some((p) => matchPath({ path: p, end: true }, pathname) !== null);
      answers.set(pathname, answer);
    }
    return answer;
  };
}
