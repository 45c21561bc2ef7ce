import { writeFileSync } from "node:fs";
import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./content/sitemap";
import { buildSettings, buildSettingsFile } from "./scripts/build-state.mjs";
import { precompress } from "./scripts/precompress";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts or test runs build side by side (default: build/).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Marketing pages are static: built once to HTML so they are served before any rendering.
  // sitemap.xml and robots.txt are resource routes, pre-rendered to static files too.
  prerender: [...prerenderPaths, "/sitemap.xml", "/robots.txt"],
  future: { v8_middleware: true },
  // After pre-rendering: .br/.gz copies of every static text file for serveStatic({ precompressed }).
  // Then the build-time settings it was made with, so `npm start` knows when to rebuild.
  async buildEnd({ reactRouterConfig }) {
    const started = performance.now();
    const { count } = await precompress(`${reactRouterConfig.buildDirectory}/client`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`[precompress] ${count} files compressed (brotli, gzip) in ${seconds} s`);
    writeFileSync(buildSettingsFile(), buildSettings());
  },
} satisfies Config;
