// Text limits (SPEC section 9): shared by the pages, the API's schemas and the tools. Browser-safe.
export const LIMITS = { translateChars: 5000, countChars: 5000, qrChars: 1000, passwordMin: 6 } as const;
