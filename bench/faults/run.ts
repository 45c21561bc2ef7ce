/**
 * `npm run bench:faults`: the fault scripts against the production build on PostgreSQL. Each
 * prints its figures and a PASS/FAIL line per property; the lot goes to docs/benchmarks.md
 * under "## Faults". Exit code 0 unless a script cannot run.
 *
 *   --only outage,smtp,sigterm,parallel   (default: all, in that order)
 *   --duration N   seconds of load for the outage and SIGTERM runs (default 20)
 */
import { parseArgs } from "node:util";
import { measuredLine, writeSection } from "../lib/report.ts";
import { ensureBuild, root } from "../lib/server.ts";
import { databaseOutage } from "./database-outage.ts";
import { parallel } from "./parallel.ts";
import { sigterm } from "./sigterm.ts";
import { smtpDown } from "./smtp-down.ts";

const { values: args } = parseArgs({
  options: {
    only: { type: "string", default: "outage,smtp,sigterm,parallel" },
    duration: { type: "string", default: "20" },
  },
});
process.chdir(root);
const seconds = Number(args.duration);
ensureBuild();

const faults: Record<string, { title: string; run: () => Promise<string[]> }> = {
  outage: {
    title: "PostgreSQL restarted under load",
    run: () => databaseOutage({ seconds, port: 3411 }),
  },
  smtp: {
    title: "SMTP down while contact messages arrive",
    run: () => smtpDown({ port: 3412 }),
  },
  sigterm: {
    title: "SIGTERM under load",
    run: () => sigterm({ seconds, port: 3413 }),
  },
  parallel: {
    title: "20 identical parallel submissions",
    run: () => parallel({ port: 3414 }),
  },
};

const sections: string[] = [];
for (const name of args.only.split(",")) {
  const fault = faults[name];
  if (!fault) throw new Error(`unknown fault ${name}`);
  console.log(`\n== ${fault.title}`);
  sections.push(`### ${fault.title}\n\n${(await fault.run()).join("\n")}`);
}
const body = [
  measuredLine(`npm run bench:faults`, `--only ${args.only}, --duration ${seconds}`),
  "",
  ...sections.flatMap((s) => [s, ""]),
].join("\n");
writeSection("## Faults", body);
