// Checks `next build` runs before anything is written (next.config.ts). Plain ESM so the config can load it.

/** The opt-in for a production build that really is meant for localhost (tests, CI, a local trial). */
export const LOCALHOST_OPT_IN = 'ALLOW_LOCALHOST_SITE_URL';

/**
 * A production build bakes SITE_URL into every canonical link, Open Graph URL and sitemap entry of the static
 * pages. Without it they would quietly say http://localhost:3000: refuse, unless the builder opts in.
 * Returns the error text, or null when the build may go on.
 */
export function siteUrlBuildProblem(env) {
  if (env.NODE_ENV !== 'production') return null;
  if ((env.SITE_URL ?? '').trim() !== '') return null;
  if (env[LOCALHOST_OPT_IN] === '1') return null;
  return (
    'SITE_URL is not set. A production build writes it into every canonical link, Open Graph URL and sitemap ' +
    'entry, so without it they would all point to http://localhost:3000.\n' +
    '  Set the public address:   SITE_URL=https://your-domain.example npm run build\n' +
    `  or, for a local build on purpose:   ${LOCALHOST_OPT_IN}=1 npm run build`
  );
}
