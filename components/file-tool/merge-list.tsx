'use client';
// 'Uploaded Files (N)': a scrollable, numbered list reordered by drag (mouse, touch, or keyboard: focus a
// handle, Space to lift, arrows to move, Space to drop, Escape to cancel; all built into @hello-pangea/dnd).
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { formatSize, type FileEntry } from '@/lib/client/file-list';
import { PdfThumb } from './pdf-thumb';
import styles from './file-tool.module.css';

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

interface Props {
  entries: FileEntry[];
  disabled?: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (id: number) => void;
}

export function MergeList({ entries, disabled = false, onMove, onRemove }: Props) {
  const onDragEnd = (r: DropResult) => {
    if (r.destination) onMove(r.source.index, r.destination.index);
  };
  return (
    <section className={styles.card} aria-labelledby="uploaded-files-title">
      <h2 id="uploaded-files-title" className={styles.cardTitle}>
        Uploaded Files ({entries.length})
      </h2>
      <DragDropContext onDragEnd={onDragEnd}>
        <Droppable droppableId="merge-files">
          {(drop) => (
            <ol className={styles.list} ref={drop.innerRef} {...drop.droppableProps} aria-label="Files in merge order">
              {entries.map((entry, index) => (
                <Draggable key={entry.id} draggableId={String(entry.id)} index={index} isDragDisabled={disabled}>
                  {(drag, snapshot) => (
                    <li
                      ref={drag.innerRef}
                      {...drag.draggableProps}
                      className={`${styles.row} ${snapshot.isDragging ? styles.rowDragging : ''}`}
                      data-testid="merge-row"
                    >
                      <span
                        {...drag.dragHandleProps}
                        className={styles.handle}
                        aria-label={`Reorder ${entry.name}`}
                        data-testid="drag-handle"
                      >
                        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
                          <circle cx="9" cy="6" r="1.6" />
                          <circle cx="15" cy="6" r="1.6" />
                          <circle cx="9" cy="12" r="1.6" />
                          <circle cx="15" cy="12" r="1.6" />
                          <circle cx="9" cy="18" r="1.6" />
                          <circle cx="15" cy="18" r="1.6" />
                        </svg>
                      </span>
                      <span className={styles.number} data-testid="row-number">
                        {index + 1}
                      </span>
                      {isPdf(entry.file) && <PdfThumb file={entry.file} />}
                      <span className={styles.fileName} title={entry.name} data-testid="file-name">
                        {entry.name}
                      </span>
                      <span className={styles.fileSize}>{formatSize(entry.file.size)}</span>
                      <button
                        type="button"
                        className={styles.iconButton}
                        onClick={() => onRemove(entry.id)}
                        disabled={disabled}
                        aria-label={`Remove ${entry.name}`}
                        title="Remove"
                      >
                        ×
                      </button>
                    </li>
                  )}
                </Draggable>
              ))}
              {drop.placeholder}
            </ol>
          )}
        </Droppable>
      </DragDropContext>
    </section>
  );
}
