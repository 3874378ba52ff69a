import { Fragment, useMemo, type ReactNode } from "react";
import { isHttpUrl } from "./links.ts";
import "../../styles/content.css";

/**
 * Operator-authored article content, rendered safely. Plain text becomes
 * paragraphs (blank line) and line breaks (newline). HTML is parsed in an inert
 * document (DOMParser runs no script and loads nothing) and rebuilt as React
 * elements from a small allow-list; everything else is unwrapped to its text
 * or dropped. No markup string ever reaches innerHTML.
 */
const ALLOWED = new Set(["p", "br", "strong", "em", "ul", "ol", "li", "a", "h2", "h3", "img"]);
const RENAME: Record<string, string> = { b: "strong", i: "em", h1: "h2", h4: "h3", h5: "h3", h6: "h3" };
/** Elements whose content is never shown. */
const DROP = new Set([
  "script",
  "style",
  "iframe",
  "frame",
  "object",
  "embed",
  "noscript",
  "template",
  "svg",
  "math",
  "head",
  "title",
  "link",
  "meta",
  "form",
  "input",
  "button",
  "textarea",
  "select",
  "audio",
  "video",
  "canvas",
]);
/** Containers that become a paragraph when they hold only inline content. */
const BLOCKISH = new Set(["div", "section", "article", "blockquote", "header", "footer", "main", "aside", "figure"]);
const BLOCK_CHILD = new Set([
  "p",
  "div",
  "ul",
  "ol",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "section",
  "article",
  "blockquote",
  "table",
  "figure",
]);

const HTML_HINT = /<\/?(p|br|div|span|strong|em|b|i|u|ul|ol|li|a|h[1-6]|img|section|blockquote|table)\b[^>]*>/i;
export const looksLikeHtml = (content: string) => HTML_HINT.test(content);

/** Links: http(s) open in a new tab; "#/route" stays in the app; anything else is dropped. */
export function safeHref(value: string | null): string | null {
  const href = value?.trim() ?? "";
  if (href.startsWith("#/")) return href;
  return isHttpUrl(href) ? href : null;
}

/** Images: http(s) or a same-origin path. */
export function safeSrc(value: string | null): string | null {
  const src = value?.trim() ?? "";
  if (src.startsWith("/") && !src.startsWith("//")) return src;
  return isHttpUrl(src) ? src : null;
}

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === 3) return node.textContent;
  if (node.nodeType !== 1) return null;
  const el = node as Element;
  const original = el.tagName.toLowerCase();
  if (DROP.has(original)) return null;
  const children = () => Array.from(el.childNodes, convert);
  if (BLOCKISH.has(original)) {
    const hasBlocks = Array.from(el.children).some((c) => BLOCK_CHILD.has(c.tagName.toLowerCase()));
    return hasBlocks ? <Fragment key={key}>{children()}</Fragment> : <p key={key}>{children()}</p>;
  }
  const tag = RENAME[original] ?? original;
  if (!ALLOWED.has(tag)) return <Fragment key={key}>{children()}</Fragment>;
  switch (tag) {
    case "br":
      return <br key={key} />;
    case "img": {
      const src = safeSrc(el.getAttribute("src"));
      return src ? <img key={key} src={src} alt={el.getAttribute("alt") ?? ""} loading="lazy" referrerPolicy="no-referrer" /> : null;
    }
    case "a": {
      const href = safeHref(el.getAttribute("href"));
      if (!href) return <Fragment key={key}>{children()}</Fragment>;
      return href.startsWith("#/") ? (
        <a key={key} href={href}>
          {children()}
        </a>
      ) : (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
          {children()}
        </a>
      );
    }
    default: {
      const Tag = tag as "p";
      return <Tag key={key}>{children()}</Tag>;
    }
  }
}

/** The allowed subset of an HTML string as React elements. */
export function sanitizeHtml(html: string): ReactNode {
  const doc = new DOMParser().parseFromString(html, "text/html");
  return Array.from(doc.body.childNodes, convert);
}

/**
 * Plain text: paragraphs split by blank lines, lines by newlines. With `qa`,
 * a paragraph of several lines is a question (its first line) and its answer.
 */
export function textParagraphs(text: string, qa = false): ReactNode {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p, i) => {
      const lines = p.split("\n");
      if (qa && lines.length > 1) {
        return (
          <section key={i} className="qa">
            <h3>{lines[0]}</h3>
            {lineBreaks(lines.slice(1), "p")}
          </section>
        );
      }
      return <Fragment key={i}>{lineBreaks(lines, "p")}</Fragment>;
    });
}

const lineBreaks = (lines: string[], Tag: "p") => (
  <Tag>
    {lines.map((line, j) => (
      <Fragment key={j}>
        {j > 0 && <br />}
        {line}
      </Fragment>
    ))}
  </Tag>
);

export function ArticleBody({ content, className = "", qa = false }: { content: string; className?: string; qa?: boolean }) {
  const body = useMemo(() => (looksLikeHtml(content) ? sanitizeHtml(content) : textParagraphs(content, qa)), [content, qa]);
  return (
    <div className={`article-body ${className}`.trim()} data-testid="article-body">
      {body}
    </div>
  );
}
