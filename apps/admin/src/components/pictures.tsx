import {
  MAX_PICTURE_BYTES,
  PICTURE_WIDTHS,
  type PictureKind,
  pictureVariant,
  UPLOADED_PICTURE_PATH,
  type UploadedPicture,
} from '@bozor/shared';
import { arrayMove, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError, errorText, upload } from '../lib/api.ts';
import { useI18n } from '../lib/i18n.tsx';
import { SortableList } from './sortable.tsx';
import { Button, cn } from './ui.tsx';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** What the back office shows of a picture: a small variant of an uploaded one, else the path. */
export function thumbnailOf(path: string, kind: PictureKind): string {
  if (!UPLOADED_PICTURE_PATH.test(path)) return path;
  const widths: readonly number[] = PICTURE_WIDTHS[kind];
  return pictureVariant(path, widths.find((width) => width >= 320) ?? 320, 'webp');
}

interface Upload {
  id: number;
  file: File;
  /** 0 to 1 while the file goes out; 1 while the server makes its variants. */
  progress: number;
  error?: string;
  /** Whether sending it again may help: a lost connection or a server's failure, not a refusal. */
  retryable?: boolean;
}

let uploadIds = 0;

/**
 * Files being uploaded as pictures of `kind`, each with its progress or its error (the server's
 * message); a file done goes to `onUploaded` with its path and leaves the list.
 */
function usePictureUploads(kind: PictureKind, onUploaded: (path: string) => void) {
  const { t } = useI18n();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;
  const alive = useRef(new Set<AbortController>());
  useEffect(() => {
    const controllers = alive.current;
    return () => {
      for (const controller of controllers) controller.abort();
    };
  }, []);

  const change = (id: number, patch: Partial<Upload>) =>
    setUploads((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));

  async function run(item: Upload) {
    if (item.file.size > MAX_PICTURE_BYTES) {
      change(item.id, { error: t('pictures.tooLarge') });
      return;
    }
    const controller = new AbortController();
    alive.current.add(controller);
    try {
      const answer = await upload<UploadedPicture>('/pictures', item.file, {
        query: { kind },
        signal: controller.signal,
        onProgress: (progress) => change(item.id, { progress }),
      });
      setUploads((list) => list.filter((other) => other.id !== item.id));
      uploaded.current(answer.data.path);
    } catch (error) {
      if (controller.signal.aborted) return;
      const status = error instanceof ApiError ? error.status : 0;
      change(item.id, {
        error: errorText(error),
        progress: 0,
        retryable: status === 0 || status >= 500,
      });
    } finally {
      alive.current.delete(controller);
    }
  }

  return {
    uploads,
    /** Starts each file; answers how many it took. */
    start(files: File[]) {
      const items = files.map((file) => ({ id: ++uploadIds, file, progress: 0 }));
      setUploads((list) => [...list, ...items]);
      for (const item of items) void run(item);
    },
    retry(item: Upload) {
      const again = { ...item, progress: 0, error: undefined };
      change(item.id, again);
      void run(again);
    },
    dismiss(id: number) {
      setUploads((list) => list.filter((item) => item.id !== id));
    },
  };
}

/** A dashed area that takes dropped files and has a button opening the file picker. */
function DropArea({
  multiple,
  disabled,
  onFiles,
  label,
  children,
}: {
  multiple: boolean;
  disabled?: boolean | undefined;
  /** The picker button's text when not the usual one. */
  label?: string | undefined;
  onFiles: (files: File[]) => void;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a mouse's shortcut; the button inside is the way for everyone
    <div
      onDragOver={(event) => {
        if (disabled || !carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (disabled || !carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        const files = [...event.dataTransfer.files];
        onFiles(multiple ? files : files.slice(0, 1));
      }}
      className={cn(
        'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-card border-2 border-dashed px-4 py-3 transition-colors',
        over ? 'border-primary bg-primary-soft' : 'border-line bg-page/60',
      )}
    >
      <Button disabled={disabled} aria-describedby={hintId} onClick={() => input.current?.click()}>
        {label ?? (multiple ? t('pictures.choose') : t('pictures.chooseOne'))}
      </Button>
      <span id={hintId} className="text-xs text-muted">
        {over
          ? t('pictures.dropNow')
          : `${multiple ? t('pictures.drop') : t('pictures.dropOne')} · ${t('pictures.hint')}`}
      </span>
      {children}
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple={multiple}
        hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}

/** The uploads under way or refused: a bar of progress each, or the server's message. */
function UploadList({
  uploads,
  onRetry,
  onDismiss,
}: {
  uploads: Upload[];
  onRetry: (item: Upload) => void;
  onDismiss: (id: number) => void;
}) {
  const { t } = useI18n();
  if (uploads.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1.5">
      {uploads.map((item) => (
        <li
          key={item.id}
          className={cn(
            'flex flex-wrap items-center gap-x-3 gap-y-1 rounded-control border px-3 py-2',
            item.error ? 'border-danger/30 bg-danger-soft' : 'border-line bg-white',
          )}
        >
          {item.error ? (
            <>
              <div role="alert" className="min-w-0 flex-1">
                <p className="truncate font-medium">
                  {t('pictures.failed', { name: item.file.name })}
                </p>
                <p className="text-danger">{item.error}</p>
              </div>
              {item.retryable && (
                <Button onClick={() => onRetry(item)}>{t('pictures.retry')}</Button>
              )}
              <Button variant="ghost" onClick={() => onDismiss(item.id)}>
                {t('pictures.dismiss')}
              </Button>
            </>
          ) : (
            <>
              <span className="min-w-0 flex-1 truncate">
                {t('pictures.uploading', { name: item.file.name })}
              </span>
              <div
                role="progressbar"
                aria-label={t('pictures.uploading', { name: item.file.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(item.progress * 100)}
                className="h-1.5 w-40 overflow-hidden rounded-full bg-page"
              >
                <div
                  className="h-full rounded-full bg-primary transition-[width]"
                  style={{ width: `${item.progress * 100}%` }}
                />
              </div>
              <span className="tabular w-28 text-right text-xs text-muted">
                {item.progress < 1
                  ? `${Math.round(item.progress * 100)}%`
                  : t('pictures.processing')}
              </span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function SortablePicture({
  path,
  kind,
  index,
  count,
  disabled,
  onMove,
  onRemove,
}: {
  path: string;
  kind: PictureKind;
  index: number;
  count: number;
  disabled?: boolean | undefined;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: path, disabled });
  const position = index + 1;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={t('pictures.item', { position, count })}
      className={cn(
        'flex w-40 flex-col overflow-hidden rounded-card border bg-white',
        index === 0 ? 'border-primary' : 'border-line',
        isDragging && 'relative z-10 shadow-lg',
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        disabled={disabled}
        aria-label={t('pictures.drag', { position })}
        className="relative block aspect-square cursor-grab touch-none bg-page active:cursor-grabbing"
        {...attributes}
        {...listeners}
      >
        <img
          src={thumbnailOf(path, kind)}
          alt=""
          draggable={false}
          loading="lazy"
          className="size-full object-contain"
        />
        {index === 0 && (
          <span className="absolute top-1.5 left-1.5 rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-white">
            {t('pictures.cover')}
          </span>
        )}
      </button>
      <div className="flex items-center gap-0.5 border-t border-line p-1">
        <IconButton
          label={t('pictures.earlier')}
          disabled={disabled || index === 0}
          onClick={() => onMove(index, index - 1)}
        >
          ←
        </IconButton>
        <IconButton
          label={t('pictures.later')}
          disabled={disabled || index === count - 1}
          onClick={() => onMove(index, index + 1)}
        >
          →
        </IconButton>
        {index > 0 && (
          <IconButton
            label={t('pictures.makeCover')}
            disabled={disabled}
            onClick={() => onMove(index, 0)}
          >
            ★
          </IconButton>
        )}
        <IconButton
          label={t('pictures.remove')}
          disabled={disabled}
          onClick={onRemove}
          className="ml-auto text-danger hover:bg-danger-soft"
        >
          ✕
        </IconButton>
      </div>
    </li>
  );
}

function IconButton({
  label,
  className,
  children,
  ...props
}: {
  label: string;
  disabled?: boolean | undefined;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(
        'grid size-8 place-items-center rounded-control text-base text-ink hover:bg-page disabled:text-line disabled:hover:bg-transparent',
        className,
      )}
      {...props}
    >
      <span aria-hidden>{children}</span>
    </button>
  );
}

export interface PictureManagerProps {
  /** Paths in order; the first is the cover. */
  value: string[];
  onChange: (paths: string[]) => void;
  kind: PictureKind;
  /** How many pictures at most; 10 when not told. */
  max?: number;
  disabled?: boolean;
  /** A refusal of the list from the form (its field error). */
  error?: string | undefined;
}

/**
 * An ordered set of pictures (a product's): upload by the file picker or by dropping files on the
 * area, several at once with progress each; reorder by dragging a thumbnail or with its arrow
 * buttons (or the keyboard: space, arrows, space); remove; the first is the cover.
 */
export function PictureManager({
  value,
  onChange,
  kind,
  max = 10,
  disabled,
  error,
}: PictureManagerProps) {
  const { t } = useI18n();
  // several uploads finish at their own times: each adds to the latest list, not the one it began with
  const latest = useRef(value);
  latest.current = value;
  const change = (next: string[]) => {
    latest.current = next;
    onChange(next);
  };
  const { uploads, start, retry, dismiss } = usePictureUploads(kind, (path) => {
    if (!latest.current.includes(path)) change([...latest.current, path]);
  });
  const [refused, setRefused] = useState<string | null>(null);
  const pending = uploads.filter((item) => !item.error).length;
  const room = Math.max(0, max - value.length - pending);
  const move = (from: number, to: number) => change(arrayMove(value, from, to));
  const positionOf = (id: unknown) => value.indexOf(String(id)) + 1;

  function take(files: File[]) {
    setRefused(files.length > room ? t('pictures.tooMany', { max }) : null);
    start(files.slice(0, room));
  }

  return (
    <div className="flex flex-col gap-3">
      {value.length === 0 ? (
        <p className="text-muted">{t('pictures.empty')}</p>
      ) : (
        <SortableList
          ids={value}
          strategy={rectSortingStrategy}
          onMove={move}
          accessibility={{
            screenReaderInstructions: { draggable: t('pictures.dragHelp') },
            announcements: {
              onDragStart: ({ active }) =>
                t('pictures.dragStart', { position: positionOf(active.id) }),
              onDragOver: ({ over }) =>
                over ? t('pictures.dragOver', { position: positionOf(over.id) }) : '',
              onDragEnd: ({ over }) =>
                over ? t('pictures.dragEnd', { position: positionOf(over.id) }) : '',
              onDragCancel: () => t('pictures.dragCancel'),
            },
          }}
        >
          <ol className="flex flex-wrap gap-3">
            {value.map((path, index) => (
              <SortablePicture
                key={path}
                path={path}
                kind={kind}
                index={index}
                count={value.length}
                disabled={disabled}
                onMove={move}
                onRemove={() => change(value.filter((other) => other !== path))}
              />
            ))}
          </ol>
        </SortableList>
      )}
      <DropArea multiple disabled={disabled || room === 0} onFiles={take}>
        <span className="ml-auto text-xs text-muted tabular">
          {t('pictures.count', { count: value.length, max })}
        </span>
      </DropArea>
      {refused && (
        <p role="alert" className="text-xs text-danger">
          {refused}
        </p>
      )}
      <UploadsAndError error={error} uploads={uploads} onRetry={retry} onDismiss={dismiss} />
    </div>
  );
}

/** A picture field's error under it, then its uploads under way or failed. */
function UploadsAndError({
  error,
  ...list
}: { error: string | undefined } & Parameters<typeof UploadList>[0]) {
  return (
    <>
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
      <UploadList {...list} />
    </>
  );
}

export interface SinglePictureProps {
  value: string | null;
  onChange: (path: string | null) => void;
  kind: PictureKind;
  disabled?: boolean;
  error?: string | undefined;
  /** How to frame the preview: wide for a banner, square for a logo or an icon. */
  shape?: 'wide' | 'square';
}

/** One picture (a banner's, a brand's logo, a category's icon): upload, replace or remove it. */
export function SinglePicture({
  value,
  onChange,
  kind,
  disabled,
  error,
  shape = kind === 'banner' || kind === 'banner_mobile' ? 'wide' : 'square',
}: SinglePictureProps) {
  const { t } = useI18n();
  const { uploads, start, retry, dismiss } = usePictureUploads(kind, (path) => onChange(path));
  const busy = uploads.some((item) => !item.error);
  return (
    <div className="flex flex-col gap-3">
      {value && (
        <div className="flex items-end gap-3">
          <img
            src={thumbnailOf(value, kind)}
            alt=""
            className={cn(
              'rounded-card border border-line bg-page object-contain',
              shape === 'wide' ? 'aspect-[3/1] w-72' : 'size-32',
            )}
          />
          <Button variant="ghost" disabled={disabled || busy} onClick={() => onChange(null)}>
            {t('pictures.remove')}
          </Button>
        </div>
      )}
      <DropArea
        multiple={false}
        disabled={disabled || busy}
        label={value ? t('pictures.replace') : undefined}
        onFiles={(files) => {
          for (const item of uploads) dismiss(item.id);
          start(files.slice(0, 1));
        }}
      />
      <UploadsAndError error={error} uploads={uploads} onRetry={retry} onDismiss={dismiss} />
    </div>
  );
}
