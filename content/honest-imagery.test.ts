import { describe, expect, it } from "vitest";
import { galleryStrip } from "./home";
import { photosOfFinishedWork } from "./images";
import { nextStep } from "./next-step";
import { galleryPage } from "./pages";

// Issue 12: until content/images/src holds photos of the company's own finished jobs, no
// heading may present the illustrations as such.
describe.skipIf(photosOfFinishedWork)("headings over illustrations", () => {
  it("never call them works, recent or finished", () => {
    for (const text of [galleryStrip.title, galleryPage.title, galleryPage.subtitle]) {
      expect(text).not.toMatch(/obras (recientes|realizadas|terminadas)|galería de obras/i);
    }
    expect(galleryPage.subtitle).toMatch(/ilustraciones/);
  });

  it("nor do the links, labels and search keywords that lead to them", () => {
    const texts = [nextStep.gallery.text, ...galleryPage.seo.keywords];
    for (const text of texts) {
      expect(text).not.toMatch(/obras (recientes|realizadas|terminadas)|nuestras obras/i);
    }
  });
});
