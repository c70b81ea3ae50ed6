import { LOCALHOST_OPT_IN, siteUrlBuildProblem } from './build-checks.mjs';

describe('production build without SITE_URL', () => {
  it('fails with a message naming SITE_URL and the opt-in', () => {
    const problem = siteUrlBuildProblem({ NODE_ENV: 'production' });
    expect(problem).toContain('SITE_URL is not set');
    expect(problem).toContain(`${LOCALHOST_OPT_IN}=1`);
    expect(siteUrlBuildProblem({ NODE_ENV: 'production', SITE_URL: '  ' })).not.toBeNull();
  });

  it('passes with SITE_URL, with the explicit opt-in, or outside production', () => {
    expect(siteUrlBuildProblem({ NODE_ENV: 'production', SITE_URL: 'https://onedesk.example' })).toBeNull();
    expect(siteUrlBuildProblem({ NODE_ENV: 'production', [LOCALHOST_OPT_IN]: '1' })).toBeNull();
    expect(siteUrlBuildProblem({ NODE_ENV: 'production', [LOCALHOST_OPT_IN]: 'yes' })).not.toBeNull();
    expect(siteUrlBuildProblem({ NODE_ENV: 'development' })).toBeNull();
  });
});
