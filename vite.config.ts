import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

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

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [tailwindcss(), reactRouter(), honoServerEntry()],
});
