import crypto from 'node:crypto';
import { inlineScriptHashes, pagePathOfHtml, withScriptHashes } from './csp-hashes.mjs';
import { contentSecurityPolicy } from './security-headers.mjs';

const sha = (s: string) => `'sha256-${crypto.createHash('sha256').update(s, 'utf8').digest('base64')}'`;

describe('hash-based script policy', () => {
  it('hashes the inline scripts a browser runs, byte for byte, and nothing else', () => {
    const html =
      '<head><script>self.a=1</script><script src="/_next/x.js" async=""></script></head>' +
      '<script type="application/ld+json">{"@type":"FAQPage"}</script><script type="module">b()</script>' +
      '<script id="r">(self.__next_f=self.__next_f||[]).push([0])</script><script>self.a=1</script>' +
      '<script>é “quoted”</script>';
    expect(inlineScriptHashes(html)).toEqual([
      sha('self.a=1'),
      sha('b()'),
      sha('(self.__next_f=self.__next_f||[]).push([0])'),
      sha('é “quoted”'),
    ]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });

  it('maps prerendered files to the paths visitors ask for', () => {
    expect(pagePathOfHtml('index.html')).toBe('/');
    expect(pagePathOfHtml('kind/single/pdf-compress.html')).toBe('/pdf-compress');
    expect(pagePathOfHtml('privacy-policy.html')).toBe('/privacy-policy');
    expect(pagePathOfHtml('_not-found.html')).toBe('_not-found');
  });

  it('adds the hashes to script-src only, and leaves a policy with an ad host as it is', () => {
    const hashes = [sha('a'), sha('b')];
    const strict = withScriptHashes(contentSecurityPolicy('', false), hashes);
    expect(strict).toContain(`script-src 'self' 'unsafe-inline' ${hashes.join(' ')};`);
    expect(strict).toContain("style-src 'self' 'unsafe-inline';");
    expect(strict.split('; ')).toHaveLength(contentSecurityPolicy('', false).split('; ').length);
    const withAds = contentSecurityPolicy('ads.example.net', false);
    expect(withScriptHashes(withAds, hashes)).toBe(withAds);
    const devPolicy = contentSecurityPolicy('', true);
    expect(withScriptHashes(devPolicy, hashes)).toBe(devPolicy);
    expect(withScriptHashes(strict, undefined)).toBe(strict);
  });
});
