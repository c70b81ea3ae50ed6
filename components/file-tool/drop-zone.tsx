'use client';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '@/components/ui/use-browser';
import { limitsText } from '@/lib/client/limits';
import { useUploadLimits } from './limits-context';
import styles from './file-tool.module.css';

interface Props {
  /** Files dropped (or pasted) anywhere on the page while this tool is shown. */
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  multiple?: boolean;
  children: ReactNode;
}

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

// The whole page is the drop target: a file dropped outside the box would otherwise make the browser leave
// the page to open it. dragover fires continuously while a drag is over the page, so the highlight switches
// off shortly after the last one instead of counting enter/leave pairs across child elements.
export function DropZone({ onFiles, disabled = false, multiple = false, children }: Props) {
  const [active, setActive] = useState(false);
  const limits = useUploadLimits();
  // Set once the page is interactive (listeners attached): tests and scripts wait for it.
  const ready = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The latest onFiles, called from the window listeners without re-attaching them on every render.
  const emitFiles = useEffectEvent((files: File[]) => onFiles(files));

  useEffect(() => {
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
      if (disabled) return;
      setActive(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setActive(false), 200);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      clearTimeout(timer.current);
      setActive(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (!disabled && files.length > 0) emitFiles(files);
    };
    // Pasting copied files (e.g. a screenshot) works like a drop; pasted text is left alone.
    const paste = (e: ClipboardEvent) => {
      const files = Array.from(e.clipboardData?.files ?? []);
      if (disabled || files.length === 0) return;
      e.preventDefault();
      emitFiles(files);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    window.addEventListener('paste', paste);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
      window.removeEventListener('paste', paste);
      clearTimeout(timer.current);
    };
  }, [disabled]);

  return (
    <div
      className={`${styles.dropZone} ${active ? styles.dropZoneActive : ''}`}
      data-testid="drop-zone"
      data-ready={ready ? 'true' : undefined}
    >
      {children}
      {/* Hidden on touch screens (CSS): nothing to drag from there. "files": every file tool takes several,
          merges as one job, the others as a batch (issue 20). */}
      <p className={styles.dropHint}>or drop files here</p>
      {limits && (
        <p className={styles.limits} data-testid="upload-limits">
          {limitsText(limits, multiple)}
        </p>
      )}
      {active && (
        <div className={styles.dropOverlay} aria-hidden="true">
          {multiple ? 'Drop files to add them' : 'Drop the file to use it'}
        </div>
      )}
    </div>
  );
}
