import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { company } from "../../content/company";
import type { PublicPhoto, PublicProject } from "../../content/projects";
import Project from "./project";
import Projects from "./projects";

const photo = (id: number, stage: string): PublicPhoto => ({
  id,
  width: 1600,
  height: 1200,
  srcSet: {
    avif: `/media/${id}-768.avif 768w`,
    webp: `/media/${id}-768.webp 768w`,
    jpeg: `/media/${id}-768.jpg 768w`,
  },
  src: `/media/${id}-768.jpg`,
  alt: `Foto ${id}`,
  stage,
  cover: false,
});

const project = (slug: string, photos: PublicPhoto[]): PublicProject => ({
  slug,
  title: `Obra ${slug}`,
  service: "reformas-de-cocinas",
  serviceTitle: "Reformas de cocinas",
  city: "Valencia",
  province: "Valencia",
  year: 2025,
  duration: "6 semanas",
  budget: null,
  summary: "Una obra.",
  bodyHtml: "<p>Una obra.</p>",
  featured: false,
  photos,
  cover: photos[0] ?? null,
  reviews: [],
});

/** A page under the root route, whose loader hands every page the company's facts. */
function render(element: ReactElement) {
  const router = createMemoryRouter([{ id: "root", path: "*", loader: () => null, element }], {
    initialEntries: ["/obras"],
    hydrationData: { loaderData: { root: { company } } },
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

/** Each <img> of the page in order: which photo, and how the browser is told to fetch it. */
const images = (html: string) =>
  [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => ({
    src: tag.match(/ src="([^"]+)"/)?.[1],
    loading: tag.match(/ loading="([^"]+)"/)?.[1],
    high: tag.includes('fetchPriority="high"'),
  }));

// Issue 35's Lighthouse budget: the page's largest image on a phone's first screen is fetched
// from the HTML at once (eager, high priority), not after the first layout as a lazy image is;
// photos further down stay lazy.
describe("the first photo of /obras and of a project's page", () => {
  it("is the first card's cover on /obras; the other covers are lazy", () => {
    const projects = [project("a", [photo(1, "despues")]), project("b", [photo(2, "despues")])];
    const props = {
      loaderData: {
        projects,
        total: 2,
        services: [],
        cities: [],
        chosen: { service: "", city: "" },
      },
    } as unknown as Parameters<typeof Projects>[0];
    const html = render(<Projects {...props} />);
    expect(images(html)).toEqual([
      { src: "/media/1-768.jpg", loading: "eager", high: true },
      { src: "/media/2-768.jpg", loading: "lazy", high: false },
    ]);
    // Preloaded from the head too, in the format the <picture> picks, before fonts and scripts.
    expect(html.match(/<link rel="preload" as="image"[^>]*>/g)).toEqual([
      expect.stringMatching(
        /type="image\/avif" fetchPriority="high" imageSrcSet="\/media\/1-768\.avif 768w"/,
      ),
    ]);
  });

  it("is the first «antes» photo of a project's page, or its first photo without pairs", () => {
    const paired = [photo(1, "despues"), photo(2, "antes"), photo(3, "despues"), photo(4, "antes")];
    const props = (photos: PublicPhoto[]) =>
      ({
        loaderData: { project: project("c", photos), preview: false, crumbs: [] },
      }) as unknown as Parameters<typeof Project>[0];
    const shown = images(render(<Project {...props(paired)} />));
    // Before and after side by side: the first pair's «antes» (photo 2) leads.
    expect(shown.map((image) => [image.src, image.loading, image.high])).toEqual([
      ["/media/2-768.jpg", "eager", true],
      ["/media/1-768.jpg", "lazy", false],
      ["/media/4-768.jpg", "lazy", false],
      ["/media/3-768.jpg", "lazy", false],
    ]);
    const unpaired = images(
      render(<Project {...props([photo(5, "durante"), photo(6, "durante")])} />),
    );
    expect(unpaired.map((image) => [image.src, image.loading, image.high])).toEqual([
      ["/media/5-768.jpg", "eager", true],
      ["/media/6-768.jpg", "lazy", false],
    ]);
  });
});
