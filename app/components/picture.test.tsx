import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { imagePreloadLink, Picture } from "./picture";

describe("<Picture>", () => {
  it("offers AVIF then WebP at every width, with the alt text and intrinsic size", () => {
    const html = renderToStaticMarkup(<Picture id="reformas-de-cocinas-1" sizes="50vw" />);
    expect(html).toMatch(
      /<source type="image\/avif" srcSet="[^"]*reformas-de-cocinas-1-480\.avif 480w/,
    );
    expect(html).toContain('/images/generated/reformas-de-cocinas-1-1600.webp 1600w"');
    expect(html).toContain('sizes="50vw"');
    expect(html).toContain('alt="Ilustración de una cocina reformada con isla central');
    expect(html).toContain('width="1600" height="1200"');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain("fetchPriority");
  });

  it("loads the above-the-fold image eagerly with high priority", () => {
    const html = renderToStaticMarkup(<Picture id="hero" priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('width="1920" height="1080"');
    expect(html).not.toContain("decoding");
  });

  it("builds a preload link for the same AVIF candidates", () => {
    expect(imagePreloadLink("hero", "100vw")).toMatchObject({
      rel: "preload",
      as: "image",
      type: "image/avif",
      imageSizes: "100vw",
      fetchPriority: "high",
      imageSrcSet: expect.stringContaining("/images/generated/hero-1920.avif 1920w"),
    });
  });
});
