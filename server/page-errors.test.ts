import type { ServerBuild } from "react-router";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { setupLog } from "./log.ts";
import { decodablePath, withLoggedErrors } from "./page-errors.ts";

describe("errors met while answering a page", () => {
  const written: string[] = [];
  setupLog({ NODE_ENV: "production" }, { write: (line: string) => void written.push(line) });
  afterAll(() => setupLog(process.env));

  const build = { entry: { module: { default: () => new Response() } } } as unknown as ServerBuild;
  const handleError = withLoggedErrors(build).entry.module.handleError;
  const report = (error: unknown, request: Request) => {
    written.length = 0;
    handleError?.(error, { request, params: {}, context: undefined as never });
    return written.map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  const token = "q1W2e3R4t5Y6u7I8o9P0a1S2d3F4g5H6j7K8l9Z0x1C";

  it("are one JSON error line with the path redacted and no address", () => {
    const lines = report(
      new Error("loader failed for lucia@example.com"),
      new Request(`http://localhost/verify-email/${token}`),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: "page: error",
      path: "/verify-email/[redacted]",
      err: { type: "Error", message: "Error: loader failed for l***@example.com" },
    });
    expect(lines[0]?.err).toHaveProperty("stack", expect.stringContaining("page-errors.test.ts"));
  });

  it("write nothing when the client asked wrongly (the access line has its status)", () => {
    const refused = new ErrorResponse(405, "Method Not Allowed", null, true);
    expect(report(refused, new Request("http://localhost/team", { method: "POST" }))).toEqual([]);
  });

  it("write nothing for a request the client gave up on", () => {
    const gone = new AbortController();
    gone.abort();
    const request = new Request("http://localhost/", { signal: gone.signal });
    expect(report(new Error("aborted"), request)).toEqual([]);
  });
});

describe("addresses React Router could not decode", () => {
  it("are told apart from every address it can", () => {
    for (const path of ["/%E0%A4%A", "/verify-email/abc%", "/a/%ZZ/b"]) {
      expect(decodablePath(`http://localhost${path}`), path).toBe(false);
    }
    for (const path of ["/", "/servicios/reformas-de-ba%C3%B1os", "/a%2Fb", "/?q=%ZZ"]) {
      expect(decodablePath(`http://localhost${path}`), path).toBe(true);
    }
  });
});
