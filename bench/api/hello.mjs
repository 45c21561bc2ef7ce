// The baseline: a bare Hono hello-world, started the same way as the product's server.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono().get("/", (c) => c.json({ hello: "world" }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" }, () =>
  console.log("ready"),
);
