// Facts the policy pages state, taken from the running configuration so the text stays true.
export interface PolicyFacts {
  siteName: string;
  companyName: string;
  supportEmail: string;
  sourceUrl: string;
  /** Session time limit after which uploads and results are deleted at the latest. */
  sessionMinutes: number;
  effectiveDate: string;
}

export const POLICY_EFFECTIVE_DATE = '1 November 2025';
