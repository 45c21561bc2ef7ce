// The production server exactly as `npm start` runs it, without the rebuild check.
import path from "node:path";

const { start } = await import(path.resolve(process.env.BUILD_DIR ?? "build", "server/server.js"));
await start();
