/**
 * `node --import tsx scripts/build-images.ts`: builds the responsive image variants into
 * public/images/generated (git-ignored). `react-router build` and the dev server run the same
 * pipeline through the Vite plugin in vite.config.ts, so this is only needed by hand to check
 * a new photo or to measure the pipeline.
 */
import { imagesManifestFile, imagesOutDir, imagesSrcDir } from "./images/paths.ts";
import { buildImages } from "./images/pipeline.ts";

const report = await buildImages({
  srcDir: imagesSrcDir,
  outDir: imagesOutDir,
  manifestFile: imagesManifestFile,
  log: console.log,
});
console.log(
  `[images] ${report.built.length} encoded, ${report.cached.length} from the cache, ` +
    `${report.skipped.length} unchanged, ` +
    `${report.files} files, ${(report.bytes / 1024).toFixed(0)} KiB, ${(report.ms / 1000).toFixed(1)} s`,
);
