import { writeFileSync } from "node:fs";
import type { Config } from "@react-router/dev/config";
import { buildSettings, buildSettingsFile } from "./scripts/build-state.mjs";
import { precompress } from "./scripts/precompress";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts or test runs build side by side (default: build/).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The public pages show what staff publish: rendered on request and kept until it changes
  // (server/site-content/, decision 244). Only robots.txt never changes: a static file.
  prerender: ["/robots.txt"],
  future: { v8_middleware: true },
  // After the build: .br/.gz copies of every static text file for serveStatic({ precompressed }).
  // Then the build-time settings it was made with, so `npm start` knows when to rebuild.
  async buildEnd({ reactRouterConfig }) {
    const started = performance.now();
    const { count } = await precompress(`${reactRouterConfig.buildDirectory}/client`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`[precompress] ${count} files compressed (brotli, gzip) in ${seconds} s`);
    writeFileSync(buildSettingsFile(), buildSettings());
  },
} satisfies Config;
