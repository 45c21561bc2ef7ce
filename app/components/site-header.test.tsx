import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { company } from "../../content/company";
import { SiteHeader } from "./site-header";

/**
 * The header (with the phone's bar) of a service page, with the company's WhatsApp as
 * published: the root loader hands the company's facts to every page (decision 245).
 */
function headerWith(whatsapp: string) {
  const path = "/service/reformas/reformas-de-banos";
  const router = createMemoryRouter(
    [{ id: "root", path: "*", loader: () => null, element: <SiteHeader /> }],
    {
      initialEntries: [path],
      hydrationData: { loaderData: { root: { company: { ...company, whatsapp } } } },
    },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

/** The links of the phone's bottom bar, as many as the bar shares its width among. */
const barLinks = (html: string) =>
  html.split('data-action-bar="true"')[1]?.match(/<a /g)?.length ?? 0;

// Issue 12: WhatsApp beside "Llámanos" in the header and on the phone's bar, only when the
// company has a number (the admin's «Empresa»).
describe("the header's WhatsApp links", () => {
  it("sit beside the call in the header and on the phone's bar when a number is set", () => {
    const html = headerWith("34611222333");
    expect(html.match(/href="https:\/\/wa\.me\/34611222333"/g)).toHaveLength(2);
    expect(barLinks(html)).toBe(3);
  });

  it("are not there at all when the number is empty, and the bar keeps two buttons", () => {
    const html = headerWith("");
    expect(html).not.toContain("wa.me");
    expect(html).not.toContain("WhatsApp");
    expect(barLinks(html)).toBe(2);
    expect(html).toContain('href="/contact?servicio=reformas-de-banos"');
  });
});
