'use client';
// The upload limits of the server configuration, handed from the (static) page to the file tools.
import { createContext, useContext, type ReactNode } from 'react';
import type { UploadLimits } from '@/lib/client/limits';

const LimitsContext = createContext<UploadLimits | null>(null);

export function LimitsProvider({ limits, children }: { limits: UploadLimits; children: ReactNode }) {
  return <LimitsContext.Provider value={limits}>{children}</LimitsContext.Provider>;
}

/** null outside a tool page (then nothing is checked in the browser; the server still is). */
export const useUploadLimits = () => useContext(LimitsContext);
