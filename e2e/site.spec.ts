// The site shell, driven from the registry: every route's title, description and canonical; the sidebar rules
// of SPEC section 4; the mobile drawer; home; 404; sitemap; policies; the ad banner's configuration.
import { expect, test, type Page } from '@playwright/test';
import { GROUPS, TOOLS, routeOf, toolsInGroup } from '../lib/tools/registry';
import { readSiteConfig } from '../lib/site-config';
import { HOME_TITLE } from '../lib/seo';

// The server under test inherits this environment (playwright.config.ts webServer).
const site = readSiteConfig(process.env);
const sidebar = (page: Page) => page.locator('#site-sidebar');
const groupButton = (page: Page, name: string) =>
  sidebar(page).getByRole('button', { name: new RegExp(`^${name}( New)?$`) });
const expandedGroups = async (page: Page) => {
  const names: string[] = [];
  for (const g of GROUPS) {
    if ((await groupButton(page, g.name).getAttribute('aria-expanded')) === 'true') names.push(g.name);
  }
  return names;
};

test.describe('every tool route', () => {
  for (const tool of TOOLS) {
    test(`${routeOf(tool)}: title, description, canonical, JSON-LD`, async ({ page }) => {
      const res = await page.goto(routeOf(tool));
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(`${tool.title} | ${site.siteName}`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${site.siteUrl}/${tool.slug}`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', tool.description);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        `${tool.title} | ${site.siteName}`,
      );
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
      expect(ld).toMatchObject({ '@type': 'WebApplication', name: tool.title, url: `${site.siteUrl}/${tool.slug}` });
      await expect(page.getByRole('heading', { level: 1, name: tool.title })).toBeVisible();
    });
  }

  test('the server-rendered HTML already carries title, description and canonical (no JavaScript)', async ({
    request,
  }) => {
    for (const tool of TOOLS) {
      const html = await (await request.get(routeOf(tool))).text();
      expect(html).toContain(`<title>${tool.title} | ${site.siteName}</title>`);
      expect(html).toContain(`<link rel="canonical" href="${site.siteUrl}/${tool.slug}"/>`);
      expect(html).toContain('<meta name="description"');
    }
  });
});

test.describe('sidebar (SPEC sections 2 and 4)', () => {
  test('lists the groups and entries of the registry, without PDF to Word, with the New badges', async ({ page }) => {
    await page.goto('/');
    for (const group of GROUPS) {
      const button = groupButton(page, group.name);
      await expect(button).toBeVisible();
      await expect(button.locator('.badge-new')).toHaveCount(group.isNew ? 1 : 0);
      await button.click();
      const list = sidebar(page).locator(`#menu-group-${group.id}`);
      await expect(list).toBeVisible();
      const tools = toolsInGroup(group.id);
      await expect(list.getByRole('link')).toHaveCount(tools.length);
      for (const tool of tools) {
        const link = list.getByRole('link', { name: new RegExp(`^${tool.name}( New)?$`) });
        await expect(link).toHaveAttribute('href', routeOf(tool));
        await expect(link.locator('.badge-new')).toHaveCount(tool.isNew ? 1 : 0);
      }
    }
    await expect(sidebar(page).locator('a[href="/pdf-to-word"]')).toHaveCount(0);
    expect(GROUPS.filter((g) => g.isNew).map((g) => g.name)).toEqual(['PDF', 'Text']);
  });

  test('opens one group at a time; toggling the open group closes it; the brand link closes it', async ({ page }) => {
    await page.goto('/');
    expect(await expandedGroups(page)).toEqual([]);
    await groupButton(page, 'PDF').click();
    expect(await expandedGroups(page)).toEqual(['PDF']);
    await groupButton(page, 'Image').click();
    expect(await expandedGroups(page)).toEqual(['Image']);
    await expect(sidebar(page).locator('#menu-group-pdf')).toBeHidden();
    await groupButton(page, 'Image').click();
    expect(await expandedGroups(page)).toEqual([]);

    await groupButton(page, 'Text').click();
    await sidebar(page)
      .getByRole('link', { name: /^Count/ })
      .click();
    await expect(page).toHaveURL(/\/text-count$/);
    expect(await expandedGroups(page)).toEqual(['Text']);
    await sidebar(page).getByTestId('sidebar-brand').click();
    await expect(page).toHaveURL(/\/$/);
    expect(await expandedGroups(page)).toEqual([]);
    await expect(page.getByRole('heading', { level: 1, name: 'Work efficiently' })).toBeVisible();
  });

  test('the open group follows the route on first load', async ({ page }) => {
    for (const tool of TOOLS) {
      await page.goto(routeOf(tool));
      const group = GROUPS.find((g) => g.id === tool.group)!;
      expect(await expandedGroups(page)).toEqual([group.name]);
      if (tool.listed) {
        await expect(sidebar(page).locator(`a[href="${routeOf(tool)}"]`)).toHaveAttribute('aria-current', 'page');
      }
    }
  });

  test('footer: Privacy Policy, Terms of Service, support mail and source code', async ({ page }) => {
    await page.goto('/');
    const footer = sidebar(page).locator('footer');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await expect(footer.getByRole('link', { name: 'Support' })).toHaveAttribute('href', `mailto:${site.supportEmail}`);
    await expect(footer.getByRole('link', { name: 'Source code' })).toHaveAttribute('href', site.sourceUrl);
  });
});

test.describe('mobile drawer at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('hides the sidebar behind the menu button; Escape, the close button and navigation close it', async ({
    page,
  }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar(page)).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expect(page.locator('#main')).toHaveAttribute('inert', '');
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await expect(page.locator('#main')).not.toHaveAttribute('inert', '');

    await menu.click();
    await sidebar(page).getByRole('button', { name: 'Close menu' }).click();
    await expect(sidebar(page)).toBeHidden();

    await menu.click();
    await groupButton(page, 'QR').click();
    await sidebar(page).getByRole('link', { name: 'Generate' }).click();
    await expect(page).toHaveURL(/\/qr-generate$/);
    await expect(sidebar(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'QR Code Generator' })).toBeVisible();

    // The tool fits the screen: no horizontal scrolling.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('pages', () => {
  test('home: headline, subtitle, every tool (PDF to Word included), copyright', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(`${HOME_TITLE} | ${site.siteName}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Work efficiently');
    await expect(page.locator('.hero-subtitle')).toContainText('in one place, securely and free of charge');
    await expect(page.locator('.hero-subtitle')).toContainText('improving based on your requests');
    const grid = page.getByRole('region', { name: 'All tools' });
    await expect(grid.getByRole('link')).toHaveCount(TOOLS.length);
    for (const tool of TOOLS) await expect(grid.locator(`a[href="${routeOf(tool)}"]`)).toHaveCount(1);
    await expect(page.locator('.home-footer')).toHaveText(`© 2025 ${site.companyName}`);
    // Next.js writes the root URL without its trailing slash.
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect([site.siteUrl, `${site.siteUrl}/`]).toContain(canonical);
  });

  test('unknown routes get the 404 page in the site frame', async ({ page }) => {
    const res = await page.goto('/no-such-tool');
    expect(res?.status()).toBe(404);
    await expect(page).toHaveTitle(`Page not found | ${site.siteName}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('privacy policy and terms say what happens to uploads and text', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page).toHaveTitle(`Privacy Policy | ${site.siteName}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    const privacy = page.locator('.prose');
    await expect(privacy).toContainText('only to run the job');
    await expect(privacy).toContainText('deleted');
    await expect(privacy).toContainText('session time limit');
    await expect(privacy).toContainText('never stores the text');
    await expect(privacy).toContainText('translation service');
    await expect(privacy).toContainText('third-party advertising network');

    await page.goto('/terms-of-service');
    await expect(page).toHaveTitle(`Terms of Service | ${site.siteName}`);
    await expect(page.locator('.prose')).toContainText('Text is never stored');
    await expect(page.locator('.prose a[href="' + site.sourceUrl + '"]')).toHaveCount(1);
  });

  test('sitemap.xml lists every route with absolute URLs; robots.txt points to it', async ({ request }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    for (const path of ['/', ...TOOLS.map(routeOf), '/privacy-policy', '/terms-of-service']) {
      expect(xml).toContain(`<loc>${site.siteUrl}${path}</loc>`);
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${site.siteUrl}/sitemap.xml`);
    expect(robots).toContain('Disallow: /api/');
  });

  test('the ad banner follows the configuration: nothing without a key, a reserved 90 px box with one', async ({
    page,
  }) => {
    const banner = page.locator('.ad-banner');
    if (site.adKey && site.adScriptUrl) {
      // An ad host that never answers must not hold up the page's load event.
      await page.route(site.adScriptUrl, () => {});
      await page.goto('/text-count', { waitUntil: 'load', timeout: 15_000 });
      await expect(banner).toHaveCount(1);
      const before = await banner.boundingBox();
      expect(before?.height).toBe(90);
      await expect(page.locator(`.ad-slot script[src="${site.adScriptUrl}"]`)).toHaveCount(1);
      await expect(page.locator('.ad-slot ins')).toHaveAttribute('data-ad-unit', site.adKey);
      expect(await banner.boundingBox()).toEqual(before);
      await page.getByRole('textbox', { name: 'Text' }).fill('still works');
      await expect(page.getByTestId('with-spaces-chars')).toHaveText('11');
    } else {
      await page.goto('/text-count');
      await expect(banner).toHaveCount(0);
      await expect(page.locator(`script[src*="ba.min.js"]`)).toHaveCount(0);
    }
  });
});

test.describe('failed lazy loads', () => {
  test('a chunk that fails once: one reload, then the page works', async ({ page }) => {
    let loads = 0; // document requests: the first visit plus each reload
    page.on('request', (r) => {
      if (r.resourceType() === 'document') loads++;
    });
    let failedOnce = false;
    await page.route('**/_next/static/chunks/**/*.js', async (route) => {
      if (!failedOnce) {
        failedOnce = true;
        await route.abort();
      } else {
        await route.continue();
      }
    });
    await page.goto('/text-count');
    await expect.poll(() => loads).toBe(2);
    const input = page.getByRole('textbox', { name: 'Text' });
    await input.fill('a b');
    await expect(page.getByTestId('with-spaces-chars')).toHaveText('3');
    expect(await page.evaluate(() => sessionStorage.getItem('onedesk:chunk-reload-at'))).toMatch(/^\d+$/);
    await expect(page.locator('.chunk-error-bar')).toHaveCount(0);
  });

  test('chunks that keep failing: exactly one reload, then a Reload bar over the server-rendered page', async ({
    page,
  }) => {
    let loads = 0; // document requests: the first visit plus each reload
    page.on('request', (r) => {
      if (r.resourceType() === 'document') loads++;
    });
    await page.route('**/_next/static/chunks/**/*.js', (route) => route.abort());
    await page.goto('/qr-generate');
    await expect(page.locator('.chunk-error-bar')).toBeVisible();
    await expect(page.locator('.chunk-error-bar')).toContainText('could not be loaded');
    await page.waitForTimeout(1500);
    expect(loads).toBe(2);
    await expect(page.getByRole('heading', { level: 1, name: 'QR Code Generator' })).toBeVisible();
  });
});
