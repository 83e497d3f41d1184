import { MAX_FACE_IMAGE_BYTES } from '@bozor/shared';
import { type ChangeEvent, useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { CameraIcon } from '../../../components/ui/icons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { toast } from '../../../lib/toast.ts';
import { useUploadFace } from '../api/upload-face.ts';

export const FACE_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
const MAX_MB = MAX_FACE_IMAGE_BYTES / (1024 * 1024);

interface Chosen {
  file: File;
  /** A data: URL, the one kind of picture the shop's CSP lets a page make itself. */
  preview: string;
}

function readPreview(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A face in an oval: what the photo should look like, before one is chosen. */
function FaceGuide() {
  return (
    <svg viewBox="0 0 120 120" className="size-28 text-primary" aria-hidden="true" fill="none">
      <ellipse
        cx="60"
        cy="58"
        rx="34"
        ry="44"
        stroke="currentColor"
        strokeWidth="3"
        strokeDasharray="7 6"
      />
      <circle cx="47" cy="52" r="3.5" fill="currentColor" />
      <circle cx="73" cy="52" r="3.5" fill="currentColor" />
      <path d="M49 74q11 9 22 0" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Scoring's face step: a photo from the phone's front camera or a file, JPEG or PNG up to 5 MB.
 * The browser refuses what cannot pass before sending it, but the server is the judge: a photo it
 * finds no face in shows its message here and is cleared (SPEC §4 isFaceError).
 */
export function FaceStep({
  onSent,
}: {
  /** Called once a photo is accepted. */ onSent?: () => void;
}) {
  const { t } = useTranslation();
  const upload = useUploadFace();
  const inputId = useId();
  const errorId = useId();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<string | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // the same file chosen again after an error must fire a change
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!(FACE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setChosen(null);
      setError(t('scoring.face.type_error'));
      return;
    }
    if (file.size > MAX_FACE_IMAGE_BYTES) {
      setChosen(null);
      setError(t('scoring.face.size_error', { max: MAX_MB }));
      return;
    }
    try {
      setChosen({ file, preview: await readPreview(file) });
    } catch {
      setError(t('scoring.face.read_error'));
    }
  };

  const send = async () => {
    if (!chosen) return;
    setError(null);
    try {
      const answer = await upload.mutateAsync(chosen.file);
      toast.success(answer.message);
      onSent?.();
    } catch (err) {
      toast.error(failureMessage(err));
      // a refused photo (no face, too large, not an image) is cleared; a lost connection keeps it
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        setError(err.fieldErrors.image?.[0] ?? err.message);
        setChosen(null);
      }
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('scoring.face.intro')}</p>
      <ul className="grid gap-1 text-sm text-ink sm:grid-cols-2">
        {(['tip_light', 'tip_face', 'tip_alone', 'tip_format'] as const).map((tip) => (
          <li key={tip} className="flex gap-2">
            <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
            {t(`scoring.face.${tip}`, { max: MAX_MB })}
          </li>
        ))}
      </ul>

      <div
        className={cn(
          'grid min-h-56 place-items-center overflow-hidden rounded-[12px] border-2 border-dashed bg-page p-3',
          error ? 'border-danger' : 'border-line',
        )}
      >
        {chosen ? (
          <img
            src={chosen.preview}
            alt={t('scoring.face.preview_alt')}
            className="max-h-72 rounded-[10px] object-contain"
          />
        ) : (
          <FaceGuide />
        )}
      </div>

      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}

      <div className="flex flex-col gap-2 sm:flex-row">
        {/* the input stays in the tab order; its label is the visible button */}
        <input
          id={inputId}
          type="file"
          accept={FACE_IMAGE_TYPES.join(',')}
          capture="user"
          onChange={choose}
          disabled={upload.isPending}
          aria-describedby={error ? errorId : undefined}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonClass(chosen ? 'secondary' : 'primary'),
            'h-12 cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-primary peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
          )}
        >
          <CameraIcon className="size-5" />
          {chosen ? t('scoring.face.choose_other') : t('scoring.face.choose')}
        </label>
        {chosen && (
          <button
            type="button"
            onClick={send}
            disabled={upload.isPending}
            className={cn(buttonClass('primary'), 'h-12 sm:flex-1')}
          >
            {upload.isPending ? t('scoring.face.sending') : t('scoring.face.send')}
          </button>
        )}
      </div>
    </div>
  );
}
