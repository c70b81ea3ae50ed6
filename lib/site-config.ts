// Site-wide settings from the environment, with defaults (documented in README.md and .env.example).
// Read on the server (at build time for the statically rendered pages, at request time elsewhere) and handed to
// client components as props: nothing here is exposed to the browser through NEXT_PUBLIC_ variables.

export interface SiteConfig {
  /** Absolute origin (and optional base path) without a trailing slash: canonical links, sitemap, Open Graph. */
  siteUrl: string;
  siteName: string;
  companyName: string;
  supportEmail: string;
  /** Where the source code is published (AGPL-3.0-or-later, section 13). */
  sourceUrl: string;
  /** Ad unit key; empty disables the ad banner. */
  adKey: string;
  /** Ad network script: a full script URL, or an origin to which DEFAULT_AD_SCRIPT_PATH is appended. */
  adScriptUrl: string;
}

export const SITE_DEFAULTS = {
  SITE_URL: 'http://localhost:3000',
  SITE_NAME: 'OneDesk',
  COMPANY_NAME: 'OneDesk',
  SUPPORT_EMAIL: 'support@onedesk.example',
  SOURCE_URL: 'https://github.com/your-org/onedesk',
  AD_KEY: '',
  AD_HOST: '',
} as const;

/** Path of the banner script on AD_HOST when AD_HOST is only an origin (Kakao AdFit's banner script). */
export const DEFAULT_AD_SCRIPT_PATH = '/kas/static/ba.min.js';

type Env = Record<string, string | undefined>;

const text = (env: Env, key: keyof typeof SITE_DEFAULTS): string => {
  const value = env[key]?.trim();
  return value ? value : SITE_DEFAULTS[key];
};

function httpUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** 'https://x.com/' → 'https://x.com'; 'https://x.com/tools/' → 'https://x.com/tools'. Invalid → the default. */
export function normalizeSiteUrl(raw: string): string {
  const url = httpUrl(raw) ?? new URL(SITE_DEFAULTS.SITE_URL);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** '' when no usable host is configured; protocol-relative hosts get https. */
export function adScriptUrl(rawHost: string): string {
  if (!rawHost) return '';
  const withProtocol = rawHost.startsWith('//')
    ? `https:${rawHost}`
    : /^[a-z]+:/i.test(rawHost)
      ? rawHost
      : `https://${rawHost}`;
  const url = httpUrl(withProtocol);
  if (!url) return '';
  if (url.pathname === '/' || url.pathname === '') return `${url.origin}${DEFAULT_AD_SCRIPT_PATH}`;
  return url.href;
}

export function readSiteConfig(env: Env = process.env): SiteConfig {
  const email = text(env, 'SUPPORT_EMAIL');
  const source = text(env, 'SOURCE_URL');
  return {
    siteUrl: normalizeSiteUrl(text(env, 'SITE_URL')),
    siteName: text(env, 'SITE_NAME'),
    companyName: text(env, 'COMPANY_NAME'),
    supportEmail: /^[^\s@<>]+@[^\s@<>]+$/.test(email) ? email : SITE_DEFAULTS.SUPPORT_EMAIL,
    sourceUrl: httpUrl(source) ? source : SITE_DEFAULTS.SOURCE_URL,
    adKey: text(env, 'AD_KEY'),
    adScriptUrl: adScriptUrl(text(env, 'AD_HOST')),
  };
}

/** The configuration of this process. */
export function siteConfig(): SiteConfig {
  return readSiteConfig(process.env);
}

/** Absolute URL of a site path ('/pdf-merge', '/'). */
export function absoluteUrl(config: Pick<SiteConfig, 'siteUrl'>, path: string): string {
  return `${config.siteUrl}${path.startsWith('/') ? path : `/${path}`}`;
}
