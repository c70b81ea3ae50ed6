import {
  DEFAULT_AD_SCRIPT_PATH,
  SITE_DEFAULTS,
  absoluteUrl,
  adScriptUrl,
  normalizeSiteUrl,
  readSiteConfig,
} from './site-config';

describe('readSiteConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(readSiteConfig({})).toEqual({
      siteUrl: 'http://localhost:3000',
      siteName: 'OneDesk',
      companyName: 'OneDesk',
      supportEmail: 'support@onedesk.example',
      sourceUrl: SITE_DEFAULTS.SOURCE_URL,
      adKey: '',
      adScriptUrl: '',
    });
  });

  it('reads every variable and trims it', () => {
    const config = readSiteConfig({
      SITE_URL: ' https://tools.example.com/ ',
      SITE_NAME: 'Desk',
      COMPANY_NAME: 'Desk Ltd',
      SUPPORT_EMAIL: 'help@desk.example',
      SOURCE_URL: 'https://git.example.com/desk',
      AD_KEY: 'DAN-123',
      AD_HOST: 'https://ads.example.net',
    });
    expect(config).toEqual({
      siteUrl: 'https://tools.example.com',
      siteName: 'Desk',
      companyName: 'Desk Ltd',
      supportEmail: 'help@desk.example',
      sourceUrl: 'https://git.example.com/desk',
      adKey: 'DAN-123',
      adScriptUrl: `https://ads.example.net${DEFAULT_AD_SCRIPT_PATH}`,
    });
  });

  it('treats empty values as unset and falls back on invalid ones', () => {
    const config = readSiteConfig({
      SITE_NAME: '  ',
      SITE_URL: 'not a url',
      SUPPORT_EMAIL: 'nope',
      SOURCE_URL: 'javascript:alert(1)',
    });
    expect(config.siteName).toBe('OneDesk');
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.supportEmail).toBe('support@onedesk.example');
    expect(config.sourceUrl).toBe(SITE_DEFAULTS.SOURCE_URL);
  });
});

describe('normalizeSiteUrl / absoluteUrl', () => {
  it('keeps a base path and drops trailing slashes', () => {
    expect(normalizeSiteUrl('https://example.com/tools//')).toBe('https://example.com/tools');
    expect(absoluteUrl({ siteUrl: 'https://example.com/tools' }, '/pdf-merge')).toBe(
      'https://example.com/tools/pdf-merge',
    );
    expect(absoluteUrl({ siteUrl: 'https://example.com' }, '/')).toBe('https://example.com/');
  });
});

describe('adScriptUrl', () => {
  it('accepts an origin, a bare host, a protocol-relative host or a full script URL', () => {
    expect(adScriptUrl('')).toBe('');
    expect(adScriptUrl('https://t1.daumcdn.net')).toBe(`https://t1.daumcdn.net${DEFAULT_AD_SCRIPT_PATH}`);
    expect(adScriptUrl('ads.example.net')).toBe(`https://ads.example.net${DEFAULT_AD_SCRIPT_PATH}`);
    expect(adScriptUrl('//ads.example.net/')).toBe(`https://ads.example.net${DEFAULT_AD_SCRIPT_PATH}`);
    expect(adScriptUrl('http://127.0.0.1:9/x/ad.js')).toBe('http://127.0.0.1:9/x/ad.js');
    expect(adScriptUrl('ftp://ads.example.net')).toBe('');
  });
});
