/**
 * Makes `String.prototype` a fast object again once every module is loaded (decision 289).
 *
 * ioredis declares `class VerbatimString extends String` when it is loaded (the rate limits'
 * store, server/rate-limit/redis.ts, imported whether or not Redis is configured). Subclassing
 * String turns V8's `String.prototype` into a dictionary, and V8 turns a prototype back into a
 * fast object only when an inline cache on an ordinary object meets it in its chain: strings
 * are primitives, so none ever does. Until then no optimized code can inline a string method:
 * every `slice`, `charCodeAt`, `startsWith` or `indexOf` of the server, of Node's HTTP layer,
 * of Hono and of React's renderer is a generic property lookup, about 125 instructions each
 * (a loop of string methods ran 3.8 times slower; `GET /api/user` spent about 2k instructions
 * of its bearer token's reading on those lookups).
 *
 * An object whose prototype is `String.prototype`, read by one function often enough for its
 * inline cache to settle, makes V8 do it. string-methods.test.ts checks, in a Node that may
 * ask V8 (`--allow-natives-syntax`), that loading ioredis still makes the dictionary and that
 * this undoes it.
 */
export function keepStringMethodsFast(): void {
  const stringLike = Object.create(String.prototype) as { charCodeAt: unknown };
  const read = () => stringLike.charCodeAt;
  // A function has inline caches of its own only from its 9th call (V8 allocates its feedback
  // then); the 10th sufficed in Node 20. A hundred leave room for a V8 that waits longer.
  for (let i = 0; i < 100; i++) read();
}
