// Types of prerequisites.mjs for its test.
export interface Requirement {
  command: string;
  package: string;
  for: string;
}
export const requirements: Requirement[];
export function findIn(dirs: string[], command: string): string | undefined;
export function decide(
  env: { PATH?: string; CHROMIUM_PATH?: string },
  machine: { root?: boolean; passwordlessSudo?: boolean; offPathDirs?: string[] },
): { commands?: string[][]; lacking?: string[]; line?: string };
export function prepareMachine(env?: NodeJS.ProcessEnv): string | undefined;
