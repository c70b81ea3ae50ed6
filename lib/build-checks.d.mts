export const LOCALHOST_OPT_IN: string;
export function siteUrlBuildProblem(env: Record<string, string | undefined>): string | null;
