import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

/** The header (with the phone's bar) of a service page, with the company's WhatsApp as given. */
async function headerWith(whatsapp: string) {
  vi.resetModules();
  vi.doMock("../../content/company", async (original) => {
    const content = await original<typeof import("../../content/company")>();
    return { ...content, company: { ...content.company, whatsapp } };
  });
  const { SiteHeader } = await import("./site-header");
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={["/service/reformas/reformas-de-banos"]}>
      <SiteHeader />
    </MemoryRouter>,
  );
}

/** The links of the phone's bottom bar, as many as the bar shares its width among. */
const barLinks = (html: string) =>
  html.split('data-action-bar="true"')[1]?.match(/<a /g)?.length ?? 0;

afterEach(() => {
  vi.doUnmock("../../content/company");
});

// Issue 12: WhatsApp beside "Llámanos" in the header and on the phone's bar, only when the
// company has a number in content/company.ts.
describe("the header's WhatsApp links", () => {
  it("sit beside the call in the header and on the phone's bar when a number is set", async () => {
    const html = await headerWith("34611222333");
    expect(html.match(/href="https:\/\/wa\.me\/34611222333"/g)).toHaveLength(2);
    expect(barLinks(html)).toBe(3);
  });

  it("are not there at all when the number is empty, and the bar keeps two buttons", async () => {
    const html = await headerWith("");
    expect(html).not.toContain("wa.me");
    expect(html).not.toContain("WhatsApp");
    expect(barLinks(html)).toBe(2);
    expect(html).toContain('href="/contact?servicio=reformas-de-banos"');
  });
});
