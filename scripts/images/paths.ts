import { fileURLToPath } from "node:url";

/** Where the company keeps image sources (one file per id of content/images.ts). */
export const imagesSrcDir = fileURLToPath(new URL("../../content/images/src", import.meta.url));

/** Generated variants: inside public/ so Vite serves them in dev and copies them to the build. */
export const imagesOutDir = fileURLToPath(
  new URL("../../public/images/generated", import.meta.url),
);

/** Source hashes of the last build, so unchanged images are skipped (git-ignored). */
export const imagesManifestFile = fileURLToPath(
  new URL("../../.cache/images-manifest.json", import.meta.url),
);
