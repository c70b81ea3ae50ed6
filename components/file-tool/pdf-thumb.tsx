'use client';
// A merge row's first-page thumbnail and page count. Rendered when the row scrolls into view, after the page
// is idle; the picture is decoration (aria-hidden), the page count is text.
import { useEffect, useRef, useState } from 'react';
import { PREVIEW_MAX_BYTES, renderPdfPreview, type PdfPreview } from '@/lib/client/pdf-preview';
import styles from './file-tool.module.css';

const WIDTH = 36;

export function PdfThumb({ file }: { file: File }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [preview, setPreview] = useState<PdfPreview | null>(null);

  useEffect(() => {
    const el = canvas.current;
    if (!el || file.size > PREVIEW_MAX_BYTES) return;
    let cancelled = false;
    const observer = new IntersectionObserver((seen) => {
      if (!seen.some((s) => s.isIntersecting)) return;
      observer.disconnect();
      const start = () => void renderPdfPreview(file, el, WIDTH).then((p) => !cancelled && setPreview(p));
      if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 1500 });
      else setTimeout(start, 50);
    });
    observer.observe(el);
    return () => {
      cancelled = true;
      observer.disconnect();
    };
  }, [file]);

  const label =
    preview?.state === 'ok'
      ? `${preview.pages} ${preview.pages === 1 ? 'page' : 'pages'}`
      : preview?.state === 'locked'
        ? 'Locked'
        : null;
  return (
    <>
      <canvas
        ref={canvas}
        className={`${styles.thumb} ${preview?.state === 'ok' ? styles.thumbReady : ''}`}
        aria-hidden="true"
        data-testid="pdf-thumb"
        data-state={preview?.state ?? 'pending'}
      />
      {label && (
        <span className={styles.pageCount} data-testid="page-count">
          {label}
        </span>
      )}
    </>
  );
}
