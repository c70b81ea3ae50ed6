export function trustedForwardedFor(
  header: string | string[] | undefined,
  socketAddress: string | undefined,
  hops: number,
): string;
