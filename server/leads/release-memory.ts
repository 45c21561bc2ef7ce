/**
 * A minor garbage collection on demand, for the quote request's photos (decision 151).
 *
 * A Buffer's memory is freed only when V8 collects the Buffer object, and V8 weighs memory
 * outside its heap loosely: the 64 KB pieces of an upload's body, or node-postgres' message for
 * a photo, may pile up by tens of megabytes before a collection frees them, and glibc keeps what
 * they took. A minor collection (about half a millisecond) every few megabytes keeps that pile
 * small. `gc` is reached through V8's own flag, set here rather than on every command line that
 * starts the server (npm start, npm run serve, the tests, the benches).
 */
import v8 from "node:v8";
import vm from "node:vm";

v8.setFlagsFromString("--expose-gc");
// A new context sees the flag; this module's own global does not get `gc`.
const gc = vm.runInNewContext("gc") as (options: { type: "minor" }) => void;

/** Frees the Buffers nothing refers to any more that are still young (most of an upload's). */
export function releaseBufferMemory(): void {
  gc({ type: "minor" });
}
