// Issue 18: what a visitor and a crawler see on the tool pages. Raw HTML (words, headings, JSON-LD), limits
// refused before upload, drops anywhere, previews and thumbnails, success/error states, focus, grid, dark mode.
import { open, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  FILE_TOOLS,
  TOOLS,
  routeOf,
  toolBySlug,
  toolFolder,
  type ToolContent,
  type ToolDef,
} from '../lib/tools/registry';
import { HOME_TITLE } from '../lib/seo';
import { readSiteConfig } from '../lib/site-config';
import { fileInput, nextAlert, openTool } from './support/page-helpers';
import { PDFDocument, rgb } from 'pdf-lib';
import { makeImage, makePdf, writeTemp } from './support/files';

/** The tool's page text (its folder's content.ts). Read with require: Playwright's TypeScript loader hooks
 * require, not the import() that lib/tools/content.ts uses. */
function contentOf(tool: ToolDef): ToolContent {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(__dirname, '..', 'lib', 'tools', toolFolder(tool.api), 'content.ts')).content;
}

/** A PDF of `pages` pages whose first page has a large black square (something a thumbnail must show). */
async function inkedPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([300, 400]);
  doc.getPage(0).drawRectangle({ x: 50, y: 100, width: 200, height: 200, color: rgb(0, 0, 0) });
  return Buffer.from(await doc.save());
}

const site = readSiteConfig(process.env);
const MB = 1024 * 1024;

/** Every <script type="application/ld+json"> of raw HTML, parsed (a parse error fails the test). */
function jsonLd(html: string): Array<Record<string, unknown>> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return blocks.map((b) => JSON.parse(b));
}
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ');

test.describe('raw HTML of the tool pages', () => {
  for (const tool of TOOLS) {
    test(`${routeOf(tool)}: how-to, FAQ, related tools and valid JSON-LD without JavaScript`, async ({ request }) => {
      const html = await (await request.get(routeOf(tool))).text();
      const content = contentOf(tool);
      expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
      expect(html).toContain(`How to use ${tool.title}</h2>`);
      expect(html).toContain(`Questions about ${tool.title}</h2>`);
      for (const step of content.steps) expect(html).toContain(step.replace(/'/g, '&#x27;'));
      for (const slug of content.related) expect(html).toContain(`href="/${slug}"`);
      const words = visibleText(html)
        .split(/\s+/)
        .filter((w) => /\p{L}/u.test(w));
      expect(words.length).toBeGreaterThan(300);

      const ld = jsonLd(html);
      const types = ld.map((d) => d['@type']);
      expect(types).toEqual(['WebApplication', 'HowTo', 'FAQPage', 'BreadcrumbList']);
      for (const d of ld) expect(d['@context']).toBe('https://schema.org');
      const howTo = ld[1] as { step: Array<{ '@type': string; text: string; position: number }> };
      expect(howTo.step.map((s) => s.text)).toEqual([...content.steps]);
      const faq = ld[2] as {
        mainEntity: Array<{ '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }>;
      };
      expect(faq.mainEntity.length).toBeGreaterThanOrEqual(4);
      for (const q of faq.mainEntity) {
        expect(q['@type']).toBe('Question');
        expect(q.acceptedAnswer['@type']).toBe('Answer');
        // Every FAQ answer is also on the page (Google's rule for FAQPage).
        expect(html).toContain(q.acceptedAnswer.text.replace(/'/g, '&#x27;'));
      }
      if (FILE_TOOLS.some((t) => t.slug === tool.slug)) {
        expect(faq.mainEntity.map((q) => q.acceptedAnswer.text).join(' ')).toMatch(/up to 100 MB/i);
        expect(html).toMatch(/after 60 minutes at the latest/);
      }
      const crumbs = ld[3] as { itemListElement: Array<{ position: number; item: string }> };
      expect(crumbs.itemListElement.map((i) => i.item)).toEqual([`${site.siteUrl}/`, `${site.siteUrl}/${tool.slug}`]);
    });
  }

  test('every tool has its own Open Graph image, a 1200x630 PNG drawn at build time', async ({ request }) => {
    const sizes = new Set<number>();
    for (const tool of TOOLS) {
      const html = await (await request.get(routeOf(tool))).text();
      const url = `${site.siteUrl}/og/${tool.slug}.png`;
      expect(html).toContain(`<meta property="og:image" content="${url}"/>`);
      expect(html).toContain(`<meta name="twitter:image" content="${url}"/>`);
      const res = await request.get(`/og/${tool.slug}.png`);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/png');
      const png = await res.body();
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      sizes.add(png.length);
    }
    // Different pictures, not one image under many names.
    expect(sizes.size).toBe(TOOLS.length);
    expect((await request.get('/og/no-such-tool.png')).status()).toBe(404);
  });

  test('home: keyword title and description, the spec h1, WebSite and Organization JSON-LD', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain(`<title>${HOME_TITLE} | ${site.siteName}</title>`);
    expect(html).toMatch(/<h1 class="hero-title">Work efficiently<\/h1>/);
    const ld = jsonLd(html);
    expect(ld.map((d) => d['@type'])).toEqual(['WebSite', 'Organization']);
    expect(ld[0]).toMatchObject({ name: site.siteName, url: `${site.siteUrl}/` });
    expect(ld[1]).toMatchObject({ name: site.companyName, url: `${site.siteUrl}/` });
  });
});

/** Records every request to the API, to prove nothing was sent. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) seen.push(r.url());
  });
  return seen;
}

test.describe('limits before upload', () => {
  test('the limits show before a file is chosen; a 105 MB PDF is refused without sending a byte', async ({ page }) => {
    const sent = apiRequests(page);
    await openTool(page, '/pdf-compress');
    await expect(page.getByTestId('upload-limits')).toHaveText('Up to 100 MB per file.');
    // Several files are taken, each its own job (a batch), so the hint speaks of files.
    await expect(page.getByText('or drop files here')).toBeVisible();
    // A sparse 105 MB file: real size on the file system, no 105 MB written.
    const dir = await mkdtemp(path.join(tmpdir(), 'e2e-big-'));
    const big = path.join(dir, 'big.pdf');
    const fh = await open(big, 'w');
    await fh.write(Buffer.from('%PDF-1.7\n'));
    await fh.truncate(105 * MB);
    await fh.close();
    await fileInput(page).setInputFiles(big);
    await expect(
      page.getByRole('status').filter({ hasText: '"big.pdf" is too large: each file can be at most 100 MB.' }),
    ).toBeVisible();
    await expect(page.getByTestId('file-name')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Compress PDF File' })).toHaveCount(0);
    expect(sent).toEqual([]);
  });

  test('merge pages state the count and total limits and note a file added twice', async ({ page }) => {
    await openTool(page, '/pdf-merge');
    await expect(page.getByTestId('upload-limits')).toHaveText('Up to 100 MB per file, 20 files and 200 MB in total.');
    const [a] = await writeTemp([{ name: 'a.pdf', data: await makePdf('a') }]);
    await fileInput(page).setInputFiles(a);
    await fileInput(page).setInputFiles(a);
    await expect(page.getByRole('status').filter({ hasText: '"a.pdf" is now in the list twice' })).toBeVisible();
    await expect(page.getByTestId('merge-row')).toHaveCount(2);
  });
});

test.describe('drop anywhere', () => {
  test('a file dragged over the page shows a full-window target; dropped on the header it is taken', async ({
    page,
  }) => {
    await openTool(page, '/pdf-compress');
    const pdf = [...(await makePdf('dropped'))];
    const dt = await page.evaluateHandle((bytes) => {
      const d = new DataTransfer();
      d.items.add(new File([new Uint8Array(bytes)], 'dropped.pdf', { type: 'application/pdf' }));
      return d;
    }, pdf);
    // A real drag fires dragover continuously, and the target hides 200 ms after the last one: so this one
    // keeps firing until it drops (one event and a slow machine, and the target was gone before it was measured).
    const dragging = await page.evaluate((d) => {
      const fire = () =>
        document
          .querySelector('h1')!
          .dispatchEvent(new DragEvent('dragover', { dataTransfer: d, bubbles: true, cancelable: true }));
      fire();
      return window.setInterval(fire, 50);
    }, dt);
    const overlay = page.getByText('Drop the file to use it');
    await expect(overlay).toBeVisible();
    const box = await overlay.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box).toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    await page.evaluate((id) => window.clearInterval(id), dragging);
    // Outside the dashed box: on the page's heading.
    await page.dispatchEvent('h1', 'drop', { dataTransfer: dt });
    await expect(page.getByTestId('file-name')).toHaveText('dropped.pdf');
    await expect(overlay).toHaveCount(0);
  });

  test('no drop hint on a touch screen', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await openTool(page, '/pdf-compress');
    expect(await page.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches)).toBe(true);
    await expect(page.getByText('or drop files here')).toBeHidden();
    await expect(page.getByTestId('upload-limits')).toBeVisible();
    await context.close();
  });
});

test.describe('results', () => {
  test('image tools show a before/after preview with zoom and one success line; conversions give no "% smaller"', async ({
    page,
  }) => {
    await openTool(page, '/image-jpg-to-png');
    const [jpg] = await writeTemp([{ name: 'photo.jpg', data: await makeImage('jpeg', 320, 200) }]);
    await fileInput(page).setInputFiles(jpg);
    await page.getByRole('button', { name: 'Convert JPG to PNG' }).click();
    await expect(page.getByTestId('job-success')).toHaveText('Done: photo_converted.png is ready.');
    const download = page.getByRole('button', { name: 'Download PNG File' });
    const at = (await download.boundingBox())!.y;
    const preview = page.getByTestId('result-preview');
    await expect(preview).toBeVisible();
    for (const id of ['preview-before', 'preview-after']) {
      await expect
        .poll(() => page.getByTestId(id).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(320);
    }
    // The pictures arrive after the Download button and sit below it: it stays under the visitor's pointer
    // (above them, it jumped by the picture's height, about 500 px, some 90 ms after it showed).
    expect((await download.boundingBox())!.y).toBe(at);
    const below = await download.evaluate(
      (button) => !!(button.compareDocumentPosition(document.querySelector('[data-testid="result-preview"]')!) & 4),
    );
    expect(below, 'the preview comes after the Download button').toBe(true);
    await expect(page.getByTestId('preview-after')).toHaveAttribute('alt', 'After: photo_converted.png');
    await page.getByRole('slider', { name: 'Compare before and after' }).fill('20');
    await expect(page.getByTestId('preview-after')).toHaveAttribute('style', /inset\(0(px)? 0(px)? 0(px)? 20%\)/);
    const width1 = (await page.getByTestId('preview-before').boundingBox())!.width;
    await page.getByRole('button', { name: '200%' }).click();
    await expect(page.getByRole('button', { name: '200%' })).toHaveAttribute('aria-pressed', 'true');
    expect((await page.getByTestId('preview-before').boundingBox())!.width).toBeCloseTo(width1 * 2, 0);
    await expect(page.getByTestId('result-summary')).not.toContainText('smaller');
  });

  test('merge rows show each PDF page count and a first-page thumbnail; merging shows the success line', async ({
    page,
  }) => {
    await openTool(page, '/pdf-merge');
    const files = await writeTemp([
      { name: 'one.pdf', data: await inkedPdf(3) },
      { name: 'two.pdf', data: await makePdf('two', 1) },
    ]);
    await fileInput(page).setInputFiles(files);
    const counts = page.getByTestId('page-count');
    await expect(counts).toHaveText(['3 pages', '1 page']);
    const thumbs = page.getByTestId('pdf-thumb');
    await expect(thumbs.first()).toHaveAttribute('data-state', 'ok');
    // Something was drawn: the canvas has dark (text) pixels, not only white.
    const inked = await thumbs.first().evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 3] > 0) dark++;
      return { width: c.width, dark };
    });
    expect(inked.width).toBeGreaterThan(30);
    expect(inked.dark).toBeGreaterThan(0);
    // A drawn thumbnail, portrait or landscape, keeps the placeholder's 36 x 48 box (file-tool.module.css), so
    // rows never move when thumbnails arrive (a late one once moved a Remove button from under a click).
    await expect(thumbs.last()).toHaveAttribute('data-state', 'ok');
    for (const box of await Promise.all((await thumbs.all()).map((t) => t.boundingBox())))
      expect([box!.width, box!.height]).toEqual([36, 48]);
    await page.getByRole('button', { name: 'Merge PDF Files' }).click();
    await expect(page.getByTestId('job-success')).toHaveText('Done: 2 files merged into Merged_File.pdf.');
  });

  test('the last error stays on the page until the next action', async ({ page }) => {
    const tool = toolBySlug('pdf-compress')!;
    await page.route(`**/api/pdf/compress/process/`, (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'This PDF is damaged.' }),
      }),
    );
    await openTool(page, routeOf(tool));
    const [pdf] = await writeTemp([{ name: 'doc.pdf', data: await makePdf('doc') }]);
    await fileInput(page).setInputFiles(pdf);
    const alert = nextAlert(page);
    await page.getByRole('button', { name: 'Compress PDF File' }).click();
    expect(await alert).toBe('This PDF is damaged.');
    await expect(page.getByTestId('job-error')).toHaveText('This PDF is damaged.');
    await fileInput(page).setInputFiles(pdf);
    await expect(page.getByTestId('job-error')).toHaveCount(0);
  });
});

test.describe('look', () => {
  test('a visible focus ring: a solid 3 px ring outside a 2 px gap', async ({ page }) => {
    await openTool(page, '/pdf-compress');
    await fileInput(page).focus();
    // Back and forth with the keyboard, so the browser is in keyboard (focus-visible) mode.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(fileInput(page)).toBeFocused();
    // Polled: the ring fades in with a short transition.
    await expect
      .poll(() =>
        page
          .locator('label[for]')
          .first()
          .evaluate((el) => getComputedStyle(el).boxShadow),
      )
      .toMatch(/^rgb\(246, 247, 251\) 0px 0px 0px 2px, rgb\(30, 27, 75\) 0px 0px 0px 5px$/);
  });

  test('one content width for every kind of tool at 1280 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const widths: number[] = [];
    for (const slug of ['pdf-compress', 'pdf-merge', 'text-translate', 'text-count', 'qr-generate']) {
      await page.goto(`/${slug}`);
      widths.push(Math.round((await page.locator('.tool-body > *').first().boundingBox())!.width));
    }
    expect(new Set(widths).size).toBe(1);
  });

  test('phones get a compact two-column home', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const cards = page.locator('.tool-card');
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(a!.y).toBe(b!.y);
    expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(1800);
  });

  test('dark mode follows prefers-color-scheme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/pdf-merge');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(15, 17, 23)');
    const text = await page.evaluate(() => getComputedStyle(document.body).color);
    expect(text).toBe('rgb(229, 231, 235)');
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(246, 247, 251)');
  });

  test('screenshots at 1280 and 390 px, light and dark', async ({ page }, info) => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        for (const route of ['/', '/pdf-merge']) {
          await page.goto(route);
          const name = `${route === '/' ? 'home' : route.slice(1)}-${width}-${scheme}.png`;
          const shot = await page.screenshot({ fullPage: true, path: info.outputPath(name) });
          expect(shot.length).toBeGreaterThan(1000);
        }
      }
    }
  });
});
