import { describe, expect, it } from "vitest";
import type { UserView } from "../auth/user-view.ts";
import { SessionCache } from "./session-cache.ts";

const lucia: UserView = {
  id: 7,
  name: "Lucía",
  email: "lucia@example.com",
  email_verified_at: null,
  roles: [{ name: "guest_user", label: "Usuario", permissions: [] }],
};
const inAnHour = () => new Date(Date.now() + 3_600_000);

function liveCache(options: ConstructorParameters<typeof SessionCache>[0] = {}) {
  const cache = new SessionCache(options);
  cache.setLive(true);
  return cache;
}

describe("the session cache", () => {
  it("remembers a user only while the database's announcements are heard", () => {
    const cache = new SessionCache();
    cache.remember("a", lucia, inAnHour(), cache.generation);
    expect(cache.get("a")).toBeUndefined();
    cache.setLive(true);
    cache.remember("a", lucia, inAnHour(), cache.generation);
    expect(cache.get("a")).toEqual(lucia);
    cache.setLive(false);
    expect(cache.get("a")).toBeUndefined();
  });

  it("never keeps a user past the token's expiry or its own maximum age", () => {
    let now = 1_000_000;
    const cache = liveCache({ maxAgeMs: 60_000, now: () => now });
    cache.remember("short", lucia, new Date(now + 5_000), cache.generation);
    cache.remember("long", lucia, new Date(now + 3_600_000), cache.generation);
    now += 5_000;
    expect(cache.get("short")).toBeUndefined();
    expect(cache.get("long")).toEqual(lucia);
    now += 55_000;
    expect(cache.get("long")).toBeUndefined();
  });

  it("does not store a lookup that began before something was forgotten", () => {
    const cache = liveCache();
    const startedAt = cache.generation;
    cache.forgetUser(lucia.id); // e.g. a sign-out everywhere while the lookup was running
    cache.remember("a", lucia, inAnHour(), startedAt);
    expect(cache.get("a")).toBeUndefined();
  });

  it("does not store a lookup that began before listening resumed", () => {
    const cache = new SessionCache();
    const startedAt = cache.generation; // read while nobody was listening for changes
    cache.setLive(true);
    cache.remember("a", lucia, inAnHour(), startedAt);
    expect(cache.get("a")).toBeUndefined();
  });

  it("forgets by token, by user and entirely, as the database announces it", () => {
    const cache = liveCache();
    const other = { ...lucia, id: 8 };
    const fill = () => {
      cache.remember("a", lucia, inAnHour(), cache.generation);
      cache.remember("b", lucia, inAnHour(), cache.generation);
      cache.remember("c", other, inAnHour(), cache.generation);
    };
    fill();
    cache.apply("token:a");
    expect([cache.get("a"), cache.get("b")]).toEqual([undefined, lucia]);
    fill();
    cache.apply("user:7");
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, undefined, other]);
    fill();
    cache.apply("*");
    expect(cache.get("c")).toBeUndefined();
  });

  it("holds at most maxEntries users, dropping the oldest", () => {
    const cache = liveCache({ maxEntries: 2 });
    for (const key of ["a", "b", "c"]) cache.remember(key, lucia, inAnHour(), cache.generation);
    expect([cache.get("a"), cache.get("b"), cache.get("c")]).toEqual([undefined, lucia, lucia]);
  });
});
