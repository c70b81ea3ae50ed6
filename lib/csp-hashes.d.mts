export const CSP_HASHES_FILE: string;
export const NOT_FOUND_KEY: string;
export function inlineScriptHashes(html: string): string[];
export function pagePathOfHtml(rel: string): string;
export function withScriptHashes(policy: string, hashes: readonly string[] | undefined): string;
