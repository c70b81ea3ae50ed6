'use client';
// Before/after of an image tool's result: the two pictures on top of each other, a divider to drag (a range
// input, so keyboards and screen readers use it too) and a zoom. Loaded lazily (next/dynamic) only once a
// result exists, so it adds nothing to the page's first load.
import { useCallback, useId, useState } from 'react';
import styles from './result-preview.module.css';

interface Props {
  input: File;
  output: Blob;
  outputName: string;
}

const ZOOMS = [1, 2, 4] as const;

/** A ref for an <img> that shows `blob`: the object URL lives exactly as long as the element shows it. */
function useBlobSrc(blob: Blob) {
  return useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}

export default function ResultPreview({ input, output, outputName }: Props) {
  const before = useBlobSrc(input);
  const after = useBlobSrc(output);
  const [split, setSplit] = useState(50);
  const [zoom, setZoom] = useState<(typeof ZOOMS)[number]>(1);
  const id = useId();
  return (
    <figure className={styles.preview} data-testid="result-preview">
      <div
        className={styles.viewport}
        tabIndex={zoom > 1 ? 0 : undefined}
        aria-label={zoom > 1 ? 'Zoomed picture, scroll to move' : undefined}
      >
        <div className={styles.stage} style={{ width: `${zoom * 100}%` }}>
          {/* eslint-disable-next-line @next/next/no-img-element -- a local object URL, nothing to optimise */}
          <img className={styles.image} ref={before} alt={`Before: ${input.name}`} data-testid="preview-before" />
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            className={`${styles.image} ${styles.after}`}
            ref={after}
            alt={`After: ${outputName}`}
            style={{ clipPath: `inset(0 0 0 ${split}%)` }}
            data-testid="preview-after"
          />
          <span className={styles.divider} style={{ left: `${split}%` }} aria-hidden="true" />
        </div>
      </div>
      <figcaption className={styles.controls}>
        <span aria-hidden="true">Before</span>
        <input
          id={`${id}-split`}
          className={styles.range}
          type="range"
          min={0}
          max={100}
          value={split}
          aria-label="Compare before and after"
          aria-valuetext={`${split}% before, ${100 - split}% after`}
          onChange={(e) => setSplit(Number(e.currentTarget.value))}
        />
        <span aria-hidden="true">After</span>
        <span className={styles.zoom} role="group" aria-label="Zoom">
          {ZOOMS.map((z) => (
            <button
              key={z}
              type="button"
              className={styles.zoomButton}
              aria-pressed={zoom === z}
              onClick={() => setZoom(z)}
            >
              {z * 100}%
            </button>
          ))}
        </span>
      </figcaption>
    </figure>
  );
}
