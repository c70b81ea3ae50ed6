'use client';
// QR page (SPEC sections 2, 4, 5, 7, 8): text area 'n / 1000', Clear and Generate, output panel 'QR Code' with a
// small Download button. Generate: POST /api/qr/generate/process/ {content, output_filename} → file_id, then the
// image from GET /api/qr/generate/download/{file_id}/. Download fetches the image again and saves it as
// qr_code_{timestamp}.png.
// Issue 21: templates beside plain text (qr-templates.tsx), an Options panel closed by default (qr-options.tsx;
// untouched, the request is the spec's), PNG or SVG (the download's extension follows), and a line saying the
// server read every code back with an independent decoder before offering it.
import { useEffect, useRef, useState } from 'react';
import { clampChars, charCount } from '@/lib/tools/text/count/count';
import { saveBlob } from '@/lib/client/save-blob';
import { Icon } from '@/components/icons';
import { JobError } from '@/components/ui/last-error';
import type { TemplateId } from '@/lib/tools/qr/generate/templates';
import { DEFAULT_OPTIONS, optionFields, QrOptions, type QrOptionState } from './qr-options';
import { TemplateForm, templateContent, TEMPLATES, type TemplateFields } from './qr-templates';
import styles from './qr-tool.module.css';

const PROCESS_URL = '/api/qr/generate/process/';
const downloadUrl = (fileId: string) => `/api/qr/generate/download/${encodeURIComponent(fileId)}/`;
const DEFAULT_ERROR = 'QR generation failed';
const DOWNLOAD_FAILED = 'Download failed. Please try again.';

/** An error whose text is the server's `error` field. */
class ServerError extends Error {}

async function errorField(res: Response): Promise<string | null> {
  try {
    const body: unknown = await res.json();
    const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
    return typeof error === 'string' && error.trim() !== '' ? error : null;
  } catch {
    return null;
  }
}

/** SPEC section 8: the server's error field, else the exception message, else the fallback. */
export function qrAlertText(err: unknown, fallback: string): string {
  if (err instanceof Error && err.message.trim() !== '') return err.message;
  if (typeof err === 'string' && err.trim() !== '') return err;
  return fallback;
}

async function fetchImage(fileId: string): Promise<Blob> {
  const res = await fetch(downloadUrl(fileId), { cache: 'no-store' });
  if (!res.ok) {
    const error = await errorField(res);
    throw error ? new ServerError(error) : new Error(DEFAULT_ERROR);
  }
  return res.blob();
}

export function QrTool({ limit, fallbackError }: { limit: number; fallbackError: string }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [image, setImage] = useState<{ fileId: string; url: string; ext: string } | null>(null);
  const [template, setTemplate] = useState<TemplateId>('text');
  const [fields, setFields] = useState<TemplateFields>({});
  const [options, setOptions] = useState<QrOptionState>(DEFAULT_OPTIONS);
  /** The last alert's text, kept on the page until the visitor's next action (issue 18). */
  const [lastError, setLastError] = useState<string | null>(null);
  const busyRef = useRef(false);

  // Object URLs of replaced images are released.
  useEffect(() => {
    const url = image?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [image]);

  const built = template === 'text' ? { content: text, problem: null } : templateContent(template, fields);
  const content = built.content;
  const chars = charCount(content);
  const opts = optionFields(options);
  const ext = opts.fields.format === 'svg' ? 'svg' : 'png';
  const canGenerate = content.trim() !== '' && chars <= limit && !opts.problem && !busy;

  async function generate() {
    if (content.trim() === '' || busyRef.current || opts.problem || chars > limit) return; // SPEC section 5: non-blank text, no job running
    busyRef.current = true;
    setBusy(true);
    setLastError(null);
    try {
      const res = await fetch(PROCESS_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ content, output_filename: `qr_code_${Date.now()}.${ext}`, ...opts.fields }),
      });
      let body: { success?: unknown; error?: unknown; file_id?: unknown } | null = null;
      try {
        body = await res.json();
      } catch {
        body = null;
      }
      if (!res.ok || !body || body.success !== true || typeof body.file_id !== 'string') {
        const error = typeof body?.error === 'string' && body.error.trim() !== '' ? body.error : null;
        throw error ? new ServerError(error) : new Error(DEFAULT_ERROR);
      }
      const fileId = body.file_id;
      const blob = await fetchImage(fileId);
      setImage({ fileId, url: URL.createObjectURL(blob), ext });
    } catch (err) {
      const message = qrAlertText(err, fallbackError);
      setLastError(message);
      window.alert(message);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  async function download() {
    if (!image) return;
    try {
      // SPEC section 4: Download fetches the image again.
      const blob = await fetchImage(image.fileId);
      saveBlob(blob, `qr_code_${Date.now()}.${image.ext}`);
    } catch {
      window.alert(DOWNLOAD_FAILED);
    }
  }

  function clear() {
    setText('');
    setFields({});
    setImage(null);
    setLastError(null);
  }

  return (
    <div className={styles.tool}>
      <section className={styles.panel} aria-labelledby="qr-input-label">
        <div className={styles.templates} role="group" aria-label="Content type">
          {TEMPLATES.map((t) => (
            <button
              key={t.id}
              type="button"
              className={`btn btn-small ${template === t.id ? 'btn-primary' : 'btn-secondary'}`}
              aria-pressed={template === t.id}
              onClick={() => {
                setTemplate(t.id);
                setLastError(null);
              }}
              disabled={busy}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div className={styles.panelHeader}>
          <label
            id="qr-input-label"
            htmlFor={template === 'text' ? 'qr-input' : undefined}
            className={styles.panelTitle}
          >
            {TEMPLATES.find((t) => t.id === template)?.label}
          </label>
          <span className={styles.counter} data-testid="qr-counter">
            {chars} / {limit}
          </span>
        </div>
        {template !== 'text' ? (
          <>
            <TemplateForm
              id={template}
              fields={fields}
              onChange={(f) => {
                setFields(f);
                setLastError(null);
              }}
              disabled={busy}
            />
            {built.problem && Object.keys(fields).length > 0 && <p className={styles.hint}>{built.problem}</p>}
          </>
        ) : (
          <textarea
            id="qr-input"
            className="textarea"
            rows={8}
            placeholder="Enter text or URL to generate QR code"
            value={text}
            // Same rule as the Count page: maxLength at the limit, pasted text cut at a character boundary.
            maxLength={chars >= limit ? text.length : undefined}
            onChange={(e) => {
              setText(clampChars(e.target.value, limit));
              setLastError(null);
            }}
            spellCheck={false}
          />
        )}
        <QrOptions
          value={options}
          onChange={(o) => {
            setOptions(o);
            setLastError(null);
          }}
          problem={opts.problem}
          disabled={busy}
        />
        <div className={styles.actions}>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={clear}
            disabled={busy || (text === '' && Object.keys(fields).length === 0 && !image)}
          >
            Clear
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void generate()} disabled={!canGenerate}>
            {busy ? 'Generating...' : 'Generate'}
          </button>
        </div>
      </section>

      <section className={styles.panel} aria-labelledby="qr-output-title">
        <div className={styles.panelHeader}>
          <h2 id="qr-output-title" className={styles.panelTitle}>
            QR Code
          </h2>
          {image && !busy && (
            <button type="button" className="btn btn-secondary btn-small" onClick={() => void download()}>
              <Icon name="download" size={16} />
              Download
            </button>
          )}
        </div>
        <div className={styles.output} aria-live="polite" aria-busy={busy}>
          {busy ? (
            <p className={styles.placeholder}>
              <span className="spinner" aria-hidden="true" />
              Generating QR code...
            </p>
          ) : image ? (
            // An object URL of a generated PNG: next/image has nothing to optimise here.
            <figure className={styles.figure}>
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img className={styles.image} src={image.url} alt="Generated QR code" data-file-id={image.fileId} />
              <figcaption className={styles.verified} data-testid="qr-verified">
                Checked: the server read this code back with an independent decoder before offering it.
              </figcaption>
            </figure>
          ) : (
            <p className={styles.placeholder}>QR code will appear here</p>
          )}
        </div>
      </section>
      <JobError text={lastError} />
    </div>
  );
}
