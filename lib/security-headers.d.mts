export function adOrigin(adHost?: string): string | null;
export function contentSecurityPolicy(adHost?: string, dev?: boolean): string;
export function securityHeaders(adHost?: string, dev?: boolean): { key: string; value: string }[];
