// The production server exactly as `npm start` runs it, without the rebuild check.
// PROFILE_TO=<file>: a CPU profile of the whole run is written there when the server exits
// (open it in Chrome's DevTools); `--cpu-prof` is refused in NODE_OPTIONS.
import path from "node:path";

if (process.env.PROFILE_TO) {
  const file = process.env.PROFILE_TO;
  const { Session } = await import("node:inspector");
  const { writeFileSync } = await import("node:fs");
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  // The session is on this thread: its answer comes back before exit completes.
  process.on("exit", () =>
    session.post("Profiler.stop", (_error, result) =>
      writeFileSync(file, JSON.stringify(result.profile)),
    ),
  );
}
const { start } = await import(path.resolve(process.env.BUILD_DIR ?? "build", "server/server.js"));
await start();
