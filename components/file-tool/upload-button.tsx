'use client';
import { useId, useRef } from 'react';
import styles from './file-tool.module.css';

interface Props {
  label: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

// A real file input (keyboard, screen readers and Playwright's setInputFiles reach it) styled through its label.
export function UploadButton({ label, accept, multiple = false, disabled = false, onFiles }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        id={id}
        className={styles.fileInput}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          // Clear the value so choosing the same file again still fires a change.
          e.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <label htmlFor={id} className={`${styles.uploadLabel} ${disabled ? styles.uploadDisabled : ''}`}>
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
          <polyline points="17 8 12 3 7 8" />
          <line x1="12" y1="3" x2="12" y2="15" />
        </svg>
        {label}
      </label>
    </>
  );
}
