// Types of build-state.mjs for the TypeScript files that import it (react-router.config.ts).
export const projectRoot: string;
export function loadDotEnv(): void;
export function buildDir(): string;
export function serverEntry(): string;
export function buildSettingsFile(): string;
export function buildSettings(): string;
export function buildIsCurrent(): boolean;
export function buildMatchesSettings(): boolean;
