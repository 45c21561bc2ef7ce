// The cookie policy must name every key the site stores in the browser (AEPD guide, decision
// 030): a file that starts using web storage fails here until its key is in the policy's table.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cookies } from "../../content/legal/cookies";

const appDir = path.resolve(__dirname, "..");

/** Each file that touches localStorage or sessionStorage, and the keys it writes. */
const keysByFile: Record<string, string[]> = {
  "lib/session.ts": ["authToken"],
  "lib/consent.ts": ["cookieConsent"],
  "lib/access-layout.tsx": ["returnTo"],
  "admin/lib/list-memory.ts": ["admin-list:*"],
  "admin/lib/filter-memory.ts": ["admin-filters:*"],
  "lib/quote-draft.ts": ["quoteDraft"],
  "lib/lead-source.ts": ["leadSource"],
  "lib/account-forms.ts": ["staffBrowser"],
};

const sourceFiles = (readdirSync(appDir, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => file.split(path.sep).join("/"));

const tableNames = (
  cookies.sections.flatMap((section) => section.table?.rows ?? []) as string[][]
).map((row) => row[0]);

describe("keys stored in the browser", () => {
  it("are known for every file that uses web storage", () => {
    const users = sourceFiles.filter((file) =>
      /\b(localStorage|sessionStorage)\b/.test(readFileSync(path.join(appDir, file), "utf8")),
    );
    expect(users.sort()).toEqual(Object.keys(keysByFile).sort());
  });

  it("are written by those files as named", () => {
    for (const [file, keys] of Object.entries(keysByFile)) {
      const source = readFileSync(path.join(appDir, file), "utf8");
      for (const key of keys) expect(source, file).toContain(key.replace("*", ""));
    }
  });

  it("are each listed in the cookie policy", () => {
    expect(tableNames).toEqual(expect.arrayContaining(Object.values(keysByFile).flat()));
  });
});
