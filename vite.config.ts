import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { imagePipeline } from "./scripts/images/vite-plugin.ts";

/**
 * The Hono server is a second entry of the SSR build, beside React Router's own, so both share
 * one copy of every module (context keys match by identity). React Router names every SSR
 * entry index.js; this keeps the server's name stable: build/server/server.js.
 */
function honoServerEntry(): Plugin {
  return {
    name: "hono-server-entry",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    options(options) {
      const input = options.input as string | undefined;
      return {
        ...options,
        input: { index: input ?? "virtual:react-router/server-build", server: "./server/index.ts" },
      };
    },
    outputOptions(output) {
      return {
        ...output,
        entryFileNames: (chunk) => (chunk.name === "server" ? "server.js" : "index.js"),
      };
    },
  };
}

/**
 * Build-time site settings read by app/lib/site.ts: pre-rendered pages carry canonical URLs and
 * the Google tag id in their HTML, so they are fixed at build (docs/decisions/036, 037).
 */
const siteDefines = {
  __SITE_URL__: JSON.stringify(process.env.APP_URL || "http://localhost:3000"),
  __GA_MEASUREMENT_ID__: JSON.stringify(process.env.GA_MEASUREMENT_ID ?? ""),
  __ADS_CONVERSION_SEND_TO__: JSON.stringify(process.env.ADS_CONVERSION_SEND_TO ?? ""),
};

export default defineConfig({
  define: siteDefines,
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [imagePipeline(), tailwindcss(), reactRouter(), honoServerEntry()],
});
