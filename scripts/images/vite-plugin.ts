import path from "node:path";
import type { Plugin } from "vite";
import { buildImages } from "./pipeline.ts";

/**
 * Runs the image pipeline before Vite bundles (and before it copies public/ to the client
 * output), in `react-router build`, `npm start` and the dev server alike, so a fresh clone
 * needs no extra step. The pipeline's caches (.cache/) make repeated runs nearly free.
 */
export function imagePipeline(): Plugin {
  let root = process.cwd();
  let run: Promise<void> | undefined;
  const srcDir = () => path.join(root, "content/images/src");
  // Progress per image: a first build encodes them all, the longest step by far.
  const build = () =>
    buildImages({
      srcDir: srcDir(),
      outDir: path.join(root, "public/images/generated"),
      manifestFile: path.join(root, ".cache/images-manifest.json"),
      cacheDir: path.join(root, ".cache/images"),
      log: console.log,
    }).then((report) => {
      if (report.built.length + report.cached.length > 0) {
        console.log(
          `[images] ${report.built.length} encoded, ${report.cached.length} from the cache, ${report.skipped.length} unchanged in ${(report.ms / 1000).toFixed(1)} s`,
        );
      }
    });
  return {
    name: "image-pipeline",
    configResolved(config) {
      root = config.root;
    },
    // React Router builds the client and the server environments; one run serves both.
    buildStart() {
      run ??= build();
      return run;
    },
    configureServer(server) {
      server.watcher.add(srcDir());
      server.watcher.on("all", (_event, file) => {
        // Chained, so quick successive saves never run two pipelines over the same files.
        if (file.startsWith(srcDir())) {
          run = (run ?? Promise.resolve()).then(build).catch((error) => console.error(error));
        }
      });
    },
  };
}
