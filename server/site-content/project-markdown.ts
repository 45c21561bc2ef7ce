// A project's Markdown body → the HTML of its public page (decision 249). As campaigns
// (server/newsletter/markdown.ts): raw HTML is shown as text, links go only to http(s) or mailto
// addresses; images in the body are dropped to their text (the project's photos are its own).
import { Marked, type Tokens } from "marked";
import { escapeHtml } from "../mail/layout.ts";

const safeUrl = (href: string) => {
  const url = URL.parse(href.trim());
  return url && ["http:", "https:", "mailto:"].includes(url.protocol) ? url.href : undefined;
};

const marked = new Marked({ gfm: true, breaks: false, async: false });
marked.use({
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      const text = escapeHtml(token.text);
      return "block" in token && token.block ? `<p>${text.trim()}</p>\n` : text;
    },
    // The page's own <h1> is the title: the body's headings start at <h2>.
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.min(6, depth + 1);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    link({ href, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      const url = safeUrl(href);
      return url ? `<a href="${escapeHtml(url)}" rel="nofollow">${text}</a>` : text;
    },
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

export const projectBodyHtml = (markdown: string) => marked.parse(markdown) as string;
