import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./content/sitemap";

export default {
  ssr: true,
  // BUILD_DIR lets parallel checkouts or test runs build side by side (default: build/).
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Marketing pages are static: built once to HTML so they are served before any rendering.
  // sitemap.xml and robots.txt are resource routes, pre-rendered to static files too.
  prerender: [...prerenderPaths, "/sitemap.xml", "/robots.txt"],
  future: { v8_middleware: true },
} satisfies Config;
