import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

/** The nodes that hold a text as written: string and template pieces, and JSX's text. */
const textKinds = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.JsxText,
]);

/**
 * The texts a person reads that `folder`'s code (tests and migrations aside) holds, as
 * TypeScript parses it (comments do not count): anything with a space and a word.
 */
function textsIn(folder: string): Map<string, string> {
  const texts = new Map<string, string>();
  const files = readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|[\\/]migrations[\\/]/.test(file),
  );
  for (const file of files) {
    const source = ts.createSourceFile(
      file,
      readFileSync(path.join(root, folder, file), "utf8"),
      ts.ScriptTarget.Latest,
      false,
      file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node) => {
      if (textKinds.has(node.kind)) {
        const text = (node as ts.LiteralLikeNode).text.replace(/\s+/g, " ").trim();
        if (text.includes(" ") && /\p{L}{3}/u.test(text)) texts.set(text, `${folder}/${file}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return texts;
}

/** Shared on purpose: not a label (a browser's setting both kinds of page state). */
const notLabels = new Set(["width=device-width, initial-scale=1"]);

// Issue 11, decision 150: a label the browser and the server both show lives in content/, so a
// wording changes in one place. A copy in app/ and in server/ drifts apart unseen.
describe("the labels people read", () => {
  it("are written in app/ or in server/, never in both (shared ones live in content/)", () => {
    const browser = textsIn("app");
    const server = textsIn("server");
    expect(browser.size).toBeGreaterThan(100);
    expect(server.size).toBeGreaterThan(100);
    const inBoth = [...browser.keys()]
      .filter((text) => server.has(text) && !notLabels.has(text))
      .map((text) => `«${text}»: ${browser.get(text)} and ${server.get(text)}`);
    expect(inBoth).toEqual([]);
  });
});
