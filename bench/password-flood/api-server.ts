/**
 * The API alone, wired as production wires it (boot: migrated database, mail outbox, limiter;
 * served by serveUntilSignal), without the pages: this bench needs no build. Environment as for
 * `npm start`.
 */
import { createApp } from "../../server/app.ts";
import { boot } from "../../server/boot.ts";
import { parseEnv } from "../../server/env.ts";
import { serveUntilSignal } from "../../server/lifecycle.ts";

const env = parseEnv();
const { deps, close } = await boot(env);
serveUntilSignal({
  fetch: createApp(deps).fetch,
  port: env.PORT,
  hostname: env.HOST,
  onDrained: close,
});
