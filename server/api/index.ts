import { Hono } from "hono";
import type { Services } from "../services.ts";

/** SPEC §7: one router per resource, mounted under /api. */
export function createApi(services: Services) {
  const api = new Hono();
  void services;
  return api;
}
