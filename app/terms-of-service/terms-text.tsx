'use client';
// The terms of service's text: a lazily loaded client chunk, rendered on the server too (never blank).
import Link from 'next/link';
import type { PolicyFacts } from '@/components/ui/policy-facts';

export default function TermsText({ facts }: { facts: PolicyFacts }) {
  const { siteName, companyName, supportEmail, sourceUrl, sessionMinutes, effectiveDate } = facts;
  return (
    <div className="prose">
      <p className="prose-meta">Effective {effectiveDate}</p>
      <p>
        These terms apply when you use {siteName}, a free website run by {companyName} with tools for PDF, Word,
        PowerPoint and image files, text and QR codes. By using the site you accept them.
      </p>

      <h2>The service</h2>
      <ul>
        <li>The tools are free and need no account. We may change, add or remove tools at any time.</li>
        <li>
          The site is provided &quot;as is&quot;, without warranty of any kind. Conversions, translations and other
          results are produced automatically and can contain mistakes: check them before you rely on them, and keep your
          originals.
        </li>
        <li>
          To keep the service available to everyone, file sizes, the number of files, job durations and the number of
          requests per visitor are limited. A job that exceeds a limit is refused with a message.
        </li>
      </ul>

      <h2>Your files and text</h2>
      <ul>
        <li>
          You keep all rights to what you upload or type. You give us only the permission needed to process it for the
          job you start.
        </li>
        <li>
          Uploaded files and results are kept only for the job: they are deleted when the job is cleaned up, and at the
          latest after the session time limit of {sessionMinutes === 1 ? '1 minute' : `${sessionMinutes} minutes`}.
          Download your result before then. Text is never stored; see the{' '}
          <Link href="/privacy-policy">Privacy Policy</Link>.
        </li>
        <li>
          Text you translate is sent to the configured translation provider. Do not submit secrets you are not allowed
          to share with such a service.
        </li>
      </ul>

      <h2>Acceptable use</h2>
      <p>Do not use the site to:</p>
      <ul>
        <li>process content you have no right to use, or content that is illegal;</li>
        <li>remove or get around protection on documents that are not yours;</li>
        <li>attack, overload, scrape or probe the service, or get around its limits;</li>
        <li>upload malware or files designed to harm our systems or other visitors.</li>
      </ul>
      <p>We may block requests that break these rules.</p>

      <h2>Advertising</h2>
      <p>
        Tool pages show banner ads from a third-party network. The ads and the advertisers&apos; sites are the
        responsibility of their owners.
      </p>

      <h2>Liability</h2>
      <p>
        To the extent the law allows, {companyName} is not liable for any loss or damage arising from the use of the
        site, including lost data, lost files or incorrect results. Nothing in these terms limits liability that cannot
        be limited by law.
      </p>

      <h2>Source code</h2>
      <p>
        {siteName} is free software under the GNU Affero General Public License, version 3 or later. You can get its
        complete source code at <a href={sourceUrl}>{sourceUrl}</a>.
      </p>

      <h2>Changes and contact</h2>
      <p>
        We may update these terms; the current version is always on this page. Questions:{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </div>
  );
}
