export function isFrameworkProbe(
  method: string | undefined,
  url: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): boolean;
export function stripInternalHeaders(headers: Record<string, string | string[] | undefined>): void;
