import { MAX_PICTURE_BYTES, MAX_REVIEW_PHOTOS, REVIEW_TEXT_MAX } from '@bozor/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Stars } from '../../../components/product/rating-stars.tsx';
import { BackLink } from '../../../components/ui/back-link.tsx';
import { buttonClass } from '../../../components/ui/button.ts';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { CameraIcon, CloseIcon } from '../../../components/ui/icons.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { StateMessage } from '../../../components/ui/state-message.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { failureMessage } from '../../../lib/form-errors.ts';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { listErrorMessage } from '../../../lib/list-state.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { toast } from '../../../lib/toast.ts';
import { uploadReviewPhoto, useMyReviews, useSaveReview } from '../api/my-reviews.ts';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

interface Draft {
  rating: number;
  pros: string;
  cons: string;
  comment: string;
  photos: string[];
}

type Errors = Partial<Record<keyof Draft | 'form', string>>;

function StarInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (value: number) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">{t('review_form.rating')}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40"
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="sr-only"
              aria-label={t('review_form.star', { count: star })}
            />
            <Stars value={value >= star ? 1 : 0} count={1} className="text-3xl" />
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-xs text-danger" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function TextArea({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={REVIEW_TEXT_MAX}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          'w-full rounded-[10px] border bg-white px-3 py-2 text-sm text-ink outline-none focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/20',
          error ? 'border-danger' : 'border-line',
        )}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function ReviewForm({
  initial,
  reviewId,
  orderItemId,
  product,
}: {
  initial: Draft;
  reviewId?: number;
  orderItemId?: number;
  product: { name: string; slug: string; image: string | null };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveReview();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const addPhotos = async (files: FileList | null) => {
    if (!files) return;
    const room = MAX_REVIEW_PHOTOS - draft.photos.length;
    const picked = [...files].slice(0, Math.max(0, room));
    setErrors((e) => ({ ...e, photos: undefined }));
    if (files.length > room)
      setErrors((e) => ({
        ...e,
        photos: t('review_form.photos'),
      }));
    setUploading(true);
    try {
      for (const file of picked) {
        if (!ACCEPTED.includes(file.type) || file.size > MAX_PICTURE_BYTES) {
          setErrors((e) => ({ ...e, photos: t('review_form.photos') }));
          continue;
        }
        try {
          const answer = await uploadReviewPhoto(file);
          setDraft((d) => ({
            ...d,
            photos: [...d.photos, answer.data.path].slice(0, MAX_REVIEW_PHOTOS),
          }));
        } catch (error) {
          setErrors((e) => ({ ...e, photos: failureMessage(error) }));
        }
      }
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.rating < 1) {
      setErrors({ rating: t('review_form.rating_required') });
      return;
    }
    setErrors({});
    const body = { ...draft };
    save.mutate(
      reviewId != null
        ? { id: reviewId, body }
        : { body: { ...body, order_item_id: orderItemId ?? 0 } },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          void navigate('/profile/reviews');
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
            const next: Errors = {};
            for (const [field, texts] of Object.entries(error.fieldErrors)) {
              const key = (field.split('.')[0] ?? 'form') as keyof Errors;
              next[key in draft ? key : 'form'] = texts[0];
            }
            setErrors(next);
          } else {
            setErrors({ form: failureMessage(error) });
          }
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-[12px] bg-white p-4 md:p-6"
      noValidate
    >
      <div className="flex items-center gap-3">
        <div className="size-16 shrink-0 overflow-hidden rounded-[10px] ring-1 ring-line">
          <ProductImage src={product.image ?? ''} alt="" size={64} />
        </div>
        <Link
          to={`/product/${product.slug}`}
          className="text-sm font-medium text-ink hover:text-primary"
        >
          {product.name}
        </Link>
      </div>
      <StarInput value={draft.rating} onChange={(v) => set('rating', v)} error={errors.rating} />
      <TextArea
        id="review-pros"
        label={t('review_form.pros')}
        value={draft.pros}
        onChange={(v) => set('pros', v)}
        error={errors.pros}
      />
      <TextArea
        id="review-cons"
        label={t('review_form.cons')}
        value={draft.cons}
        onChange={(v) => set('cons', v)}
        error={errors.cons}
      />
      <TextArea
        id="review-comment"
        label={t('review_form.comment')}
        value={draft.comment}
        onChange={(v) => set('comment', v)}
        error={errors.comment}
      />
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-ink" id="review-photos-label">
          {t('review_form.photos')}
        </span>
        <ul className="flex flex-wrap gap-2" aria-labelledby="review-photos-label">
          {draft.photos.map((path, index) => (
            <li
              key={path}
              className="relative size-20 overflow-hidden rounded-[10px] ring-1 ring-line"
            >
              <ProductImage src={path} alt="" size={80} />
              <button
                type="button"
                onClick={() =>
                  set(
                    'photos',
                    draft.photos.filter((p) => p !== path),
                  )
                }
                aria-label={t('review_form.remove_photo', { index: index + 1 })}
                className="absolute top-1 right-1 grid size-7 place-items-center rounded-full bg-white/90 text-ink hover:text-danger"
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          ))}
          {draft.photos.length < MAX_REVIEW_PHOTOS && (
            <li>
              <label className="grid size-20 cursor-pointer place-items-center rounded-[10px] border border-dashed border-line text-center text-xs text-muted hover:border-primary hover:text-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40">
                <span className="flex flex-col items-center gap-1">
                  <CameraIcon className="size-5" />
                  {uploading ? t('review_form.uploading') : t('review_form.add_photo')}
                </span>
                <input
                  ref={fileInput}
                  type="file"
                  accept={ACCEPTED.join(',')}
                  multiple
                  disabled={uploading}
                  onChange={(e) => void addPhotos(e.target.files)}
                  className="sr-only"
                  data-testid="review-photo-input"
                />
              </label>
            </li>
          )}
        </ul>
        {errors.photos && <p className="text-xs text-danger">{errors.photos}</p>}
      </div>
      <p className="text-xs text-muted">{t('review_form.moderation_hint')}</p>
      {errors.form && (
        <p className="rounded-[10px] bg-danger/5 p-3 text-sm text-danger" role="alert">
          {errors.form}
        </p>
      )}
      <button
        type="submit"
        disabled={save.isPending || uploading}
        className={cn(buttonClass('primary'), 'h-11 sm:self-start sm:px-8')}
      >
        {reviewId != null ? t('review_form.save') : t('review_form.submit')}
      </button>
    </form>
  );
}

/**
 * Writing a review of an item of a delivered order (`/profile/reviews/new/:itemId`) or changing
 * one's own (`/profile/reviews/:id`) while its edit window is open.
 */
export function ReviewFormPage() {
  const { t } = useTranslation();
  const { itemId, id } = useParams();
  const mine = useMyReviews();
  const editing = id != null;
  usePageMeta(editing ? t('review_form.title_edit') : t('review_form.title_new'));

  let content: React.ReactNode;
  if (mine.isPending) content = <Skeleton className="h-96 w-full rounded-[12px]" />;
  else if (mine.isError) {
    content = (
      <ErrorState message={listErrorMessage(mine.error, t)} onRetry={() => void mine.refetch()} />
    );
  } else if (editing) {
    const review = mine.data.reviews.find((r) => r.id === Number(id));
    content = !review ? (
      <StateMessage title={t('review_form.not_found')} />
    ) : !review.editable ? (
      <StateMessage title={t('review_form.closed')} />
    ) : (
      <ReviewForm
        key={review.id}
        reviewId={review.id}
        product={{ name: review.product.name, slug: review.product.slug, image: review.image }}
        initial={{
          rating: review.rating,
          pros: review.pros,
          cons: review.cons,
          comment: review.comment,
          photos: review.photos,
        }}
      />
    );
  } else {
    const item = mine.data.to_write.find((i) => i.order_item_id === Number(itemId));
    content = !item ? (
      <StateMessage title={t('review_form.not_found')} />
    ) : (
      <ReviewForm
        key={item.order_item_id}
        orderItemId={item.order_item_id}
        product={{ name: item.product.name, slug: item.product.slug, image: item.image }}
        initial={{ rating: 0, pros: '', cons: '', comment: '', photos: [] }}
      />
    );
  }
  return (
    <section aria-labelledby="review-form-title" className="flex flex-col gap-3">
      <BackLink to="/profile/reviews">{t('my_reviews.title')}</BackLink>
      <h1 id="review-form-title" className="text-xl font-bold text-ink">
        {editing ? t('review_form.title_edit') : t('review_form.title_new')}
      </h1>
      {content}
    </section>
  );
}
