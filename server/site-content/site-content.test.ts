import { brotliDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPostgresTestDatabase,
  createTestDatabase,
  skipDatabase,
  testDatabaseKind,
} from "../../tests/support/database.ts";
import { type DatabaseHandle, openPostgres } from "../db/client.ts";
import { sectionReaders } from "./sections.ts";
import { serveSitePages } from "./serve-pages.ts";
import { followSiteContent, SiteContent } from "./site-content.ts";
import { readSiteContentVersion, siteContentChanged } from "./version.ts";

/** A page as React Router renders it: an inline script, a text that changes with the content. */
const page = (text: string) =>
  `<!DOCTYPE html><html><head><script>window.x=1</script></head><body>${text.repeat(200)}</body></html>`;

/** An instance's pages: a stand-in renderer that counts its renders and reads `text`. */
function instance(content: SiteContent, state: { text: string; renders: number }) {
  const site = new Hono();
  site.use(
    "*",
    serveSitePages({
      content,
      isSitePage: (path) => path === "/" || path === "/team",
      render: async () => {
        state.renders++;
        return new Response(page(state.text), {
          headers: { "content-type": "text/html; charset=utf-8" },
        });
      },
      policyFor: (html) => `script-src 'self' (${html.length})`,
    }),
  );
  site.all("*", (c) => c.text("not a site page", 404));
  return site;
}

describe.skipIf(skipDatabase)("site content: pages kept until a publish", () => {
  let database: DatabaseHandle;
  let content: SiteContent;
  let stop: () => Promise<void>;
  const state = { text: "Primera versión. ", renders: 0 };
  let site: Hono;

  beforeAll(async () => {
    database = await createTestDatabase();
    content = new SiteContent(database.db, sectionReaders);
    stop = await followSiteContent(database, content);
    site = instance(content, state);
  });
  afterAll(async () => {
    await stop();
    await database.close();
  });

  it("renders a page once, then answers it from memory with its policy, encodings and ETag", async () => {
    const first = await site.request("/team", { headers: { "accept-encoding": "br, gzip" } });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(first.headers.get("content-security-policy")).toMatch(/^script-src 'self'/);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    const html = brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString();
    expect(html).toContain("Primera versión.");
    const again = await site.request("/team/", { headers: { "accept-encoding": "gzip" } });
    expect(again.headers.get("content-encoding")).toBe("gzip");
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(state.renders).toBe(1);

    const unchanged = await site.request("/team", {
      headers: { "if-none-match": first.headers.get("etag") ?? "" },
    });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    expect((await site.request("/api/x")).status).toBe(404);
  });

  it("renders again after a publishing transaction commits, not after one rolled back", async () => {
    const before = await readSiteContentVersion(database.db);
    const etag = (await site.request("/team")).headers.get("etag");
    const renders = state.renders;
    state.text = "Segunda versión. ";
    await database.db
      .transaction(async (tx) => {
        await siteContentChanged(tx);
        tx.rollback();
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await (await site.request("/team")).text()).toContain("Primera versión.");
    expect(state.renders).toBe(renders);

    await database.db.transaction((tx) => siteContentChanged(tx));
    expect(await readSiteContentVersion(database.db)).toBe(before + 1);
    await expect.poll(() => content.version).toBe(before + 1);
    const after = await site.request("/team");
    expect(await after.text()).toContain("Segunda versión.");
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(state.renders).toBe(renders + 1);
  });

  it("shares one render among visitors who arrive together", async () => {
    content.changed();
    const renders = state.renders;
    await Promise.all(Array.from({ length: 20 }, () => site.request("/")));
    expect(state.renders).toBe(renders + 1);
  });

  it("compresses a kept page harder once no page is being rendered, keeping its bytes and ETag", async () => {
    // Words in an order that does not repeat within the sentence: brotli 11 finds more than brotli 1.
    const words = ["obra", "reforma", "cocina", "baño", "Valencia", "azulejo", "tejado", "suelo"];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return words[(seed >> 16) % words.length];
    };
    state.text = `${Array.from({ length: 150 }, next).join(" ")}. `;
    content.changed();
    const ask = () => site.request("/team", { headers: { "accept-encoding": "br" } });
    const first = await ask();
    const quick = Buffer.from(await first.arrayBuffer());
    await expect
      .poll(async () => (await (await ask()).arrayBuffer()).byteLength, { timeout: 5000 })
      .toBeLessThan(quick.length);
    const polished = await ask();
    expect(polished.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(brotliDecompressSync(Buffer.from(await polished.arrayBuffer())).toString()).toBe(
      brotliDecompressSync(quick).toString(),
    );
  });

  it("keeps nothing while it cannot hear publishes", async () => {
    content.setLive(false);
    const renders = state.renders;
    await site.request("/");
    await site.request("/");
    expect(state.renders).toBe(renders + 2);
    content.setLive(true);
  });
});

describe.skipIf(skipDatabase || testDatabaseKind !== "postgres")(
  "site content: a publish on one instance reaches the other",
  () => {
    it("forgets the other instance's kept pages within moments", async () => {
      const created = await createPostgresTestDatabase();
      const one = await openPostgres(created.url);
      const two = await openPostgres(created.url);
      const contentOne = new SiteContent(one.db, sectionReaders);
      const contentTwo = new SiteContent(two.db, sectionReaders);
      const stops = [
        await followSiteContent(one, contentOne),
        await followSiteContent(two, contentTwo),
      ];
      try {
        const state = { text: "Antes. ", renders: 0 };
        const siteTwo = instance(contentTwo, state);
        await siteTwo.request("/");
        expect(contentTwo.keptPages).toBe(1);
        state.text = "Después. ";
        await one.db.transaction((tx) => siteContentChanged(tx));
        await expect.poll(() => contentTwo.keptPages, { timeout: 5000 }).toBe(0);
        expect(await (await siteTwo.request("/")).text()).toContain("Después.");
      } finally {
        for (const stop of stops) await stop();
        await one.close();
        await two.close();
        await created.drop();
      }
    });
  },
);
