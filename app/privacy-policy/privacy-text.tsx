'use client';
// The privacy policy's text. A client chunk loaded through next/dynamic (SPEC: "loaded lazily"); it is still
// rendered on the server, so the text is in the HTML and never blank while the chunk loads.
import type { PolicyFacts } from '@/components/ui/policy-facts';

export default function PrivacyText({ facts }: { facts: PolicyFacts }) {
  const { siteName, companyName, supportEmail, sessionMinutes, effectiveDate } = facts;
  return (
    <div className="prose">
      <p className="prose-meta">Effective {effectiveDate}</p>
      <p>
        {siteName} is a free collection of online tools run by {companyName}. There are no accounts: we do not ask who
        you are, and we keep as little as the tools need for as short a time as they need it. This policy explains what
        happens to the files and text you give us.
      </p>

      <h2>Files you upload</h2>
      <ul>
        <li>
          A file you upload (PDF, Word, PowerPoint or image) is stored on our server only to run the job you asked for:
          merging, compressing, locking, converting or removing a background.
        </li>
        <li>
          The uploaded files and the result are deleted when the job is cleaned up — the page asks for this as soon as
          your download is done, whether the job succeeded or failed — and in any case after the session time limit of{' '}
          {sessionMinutes === 1 ? '1 minute' : `${sessionMinutes} minutes`} at the latest.
        </li>
        <li>
          We do not look at, copy, share, sell or keep your files, and we do not use them to train any model. Background
          removal runs on our own server; your images are not sent to another company.
        </li>
        <li>A password you enter to lock a PDF is used only to encrypt that file and is never stored or logged.</li>
      </ul>

      <h2>Text you enter</h2>
      <ul>
        <li>
          <strong>Character counter:</strong> the counts are calculated in your browser. The text is also sent to our
          server, which records only its length (numbers of characters and bytes) and never stores the text itself.
        </li>
        <li>
          <strong>Translation:</strong> the text is sent to the machine-translation service that the operator of this
          site has configured (which may be an engine on our own server or an external provider) so that it can be
          translated. We do not store the text or the translation; the provider handles it under its own terms.
        </li>
        <li>
          <strong>QR codes:</strong> the text or URL is turned into an image on our server. The image is kept like a
          file result — until the session time limit — so that you can download it; the text itself is not stored.
        </li>
      </ul>

      <h2>Technical data</h2>
      <p>
        Like every web server, ours sees your IP address and browser information with each request. We use the IP
        address only in memory, to limit how many jobs one visitor can run at once and to stop abuse; it is not kept
        with your files. Server logs record errors and figures such as file sizes and processing times, never file
        contents or text.
      </p>

      <h2>Advertising</h2>
      <p>
        Tool pages show a banner from a third-party advertising network. The network&apos;s script is loaded from its
        own servers and may set cookies or use similar technologies to show and measure ads. It runs independently of
        our tools and has no access to your files or text. You can limit it with your browser&apos;s privacy settings or
        an ad blocker; the tools keep working.
      </p>

      <h2>Cookies and storage</h2>
      <p>
        {siteName} itself sets no tracking or advertising cookies. When you start a job, our server sets one functional
        cookie holding a random token (valid for one day, sent only to our API) so that only your browser can download
        or delete your files; it says nothing about who you are. The page may also keep a short-lived note in your
        browser&apos;s session storage to recover from a failed page load; it holds no personal data.
      </p>

      <h2>Children</h2>
      <p>The tools are for a general audience and we do not knowingly collect any information about children.</p>

      <h2>Changes and contact</h2>
      <p>
        If this policy changes, the new version will be published on this page with a new date. Questions or requests:{' '}
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
      </p>
    </div>
  );
}
