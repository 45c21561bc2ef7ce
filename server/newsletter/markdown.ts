// Markdown of a campaign body → the HTML of a mail (decision 102). Staff write Markdown, not
// HTML: any raw HTML in it is shown as text, links and images only go to http(s) or mailto
// addresses, and every element carries its own inline style, as mail clients drop <style>.
import { Marked, type Tokens } from "marked";
import { escapeHtml } from "../mail/layout.ts";

const colors = { text: "#1f2a37", muted: "#4b5563", accent: "#a64b25", rule: "#e5ded3" };

const safeUrl = (href: string, allowMail: boolean) => {
  const url = URL.parse(href.trim());
  if (!url) return undefined;
  const protocols = allowMail ? ["http:", "https:", "mailto:"] : ["http:", "https:"];
  return protocols.includes(url.protocol) ? url.href : undefined;
};

const headingSizes: Record<number, number> = { 1: 24, 2: 20, 3: 18 };

const marked = new Marked({ gfm: true, breaks: false, async: false });
marked.use({
  renderer: {
    /** Raw HTML, block or inline: shown as the text it is, never rendered. */
    html(token: Tokens.HTML | Tokens.Tag) {
      const text = escapeHtml(token.text);
      return "block" in token && token.block
        ? `<p style="margin:0 0 16px;color:${colors.text}">${text.trim().replaceAll("\n", "<br>")}</p>\n`
        : text;
    },
    heading({ tokens, depth }: Tokens.Heading) {
      const size = headingSizes[depth] ?? 16;
      return `<h${depth} style="margin:24px 0 12px;font-family:Georgia,serif;font-size:${size}px;line-height:1.3;color:${colors.text}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
    paragraph({ tokens }: Tokens.Paragraph) {
      return `<p style="margin:0 0 16px;color:${colors.text}">${this.parser.parseInline(tokens)}</p>\n`;
    },
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      const url = safeUrl(href, true);
      if (!url) return text;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
      return `<a href="${escapeHtml(url)}"${titleAttr} style="color:${colors.accent}">${text}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      const url = safeUrl(href, false);
      if (!url) return escapeHtml(text);
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
      return `<img src="${escapeHtml(url)}" alt="${escapeHtml(text)}"${titleAttr} style="display:block;max-width:100%;height:auto;border:0;margin:0 0 16px">`;
    },
    blockquote({ tokens }: Tokens.Blockquote) {
      return `<blockquote style="margin:0 0 16px;padding:0 0 0 14px;border-left:3px solid ${colors.rule};color:${colors.muted}">${this.parser.parse(tokens)}</blockquote>\n`;
    },
    hr() {
      return `<hr style="border:0;border-top:1px solid ${colors.rule};margin:24px 0">\n`;
    },
    code({ text }: Tokens.Code) {
      return `<pre style="margin:0 0 16px;padding:12px;background:#f6f3ee;border-radius:6px;white-space:pre-wrap;word-break:break-word;font-size:14px"><code>${escapeHtml(text)}</code></pre>\n`;
    },
  },
});

/** The HTML of a Markdown body; safe to place inside the mail layout as is. */
export function markdownToMailHtml(markdown: string): string {
  return marked.parse(markdown, { async: false });
}
