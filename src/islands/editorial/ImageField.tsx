/**
 * Every image field of the editor (issue 29 point 13; issue 26 point 8): book and edition covers,
 * author portraits, series and genre pictures. A labelled file chooser, a preview of the field's
 * image, progress while the browser prepares the photo (scaled and re-encoded to fit the platform's
 * body limit) and while it is sent, a "Remove image" button, and the address field kept as the
 * alternative for an external cover URL. The field's value is an address: an upload sets it to the
 * stored image's URL, which the form then saves like a typed one.
 *
 * The preparation code (canvas, encoders, XMLHttpRequest) is imported when a file is chosen, so the
 * editor's first JavaScript does not carry it. Errors are the browser's refusals (message keys) or
 * the server's envelope message (already in the page language), shown at the file chooser.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { VARIANT_WIDTHS, type ImageKind } from '../../domain/images/image-variants.ts';
import { UPLOAD_PROGRESS_KEYS, uploadPercent, type UploadProgress } from '../../domain/images/upload-progress.ts';
import { isImageUrl } from '../../domain/schemas/images.ts';
import { describeFailure } from '../account/form-support.ts';
import { fill } from '../account/texts.ts';
import ResponsiveImage from '../images/ResponsiveImage.tsx';
import type { ImageFieldTexts } from './texts.ts';

/** The types the chooser offers: what the server stores, and HEIC, which Safari decodes for us. */
export const IMAGE_FIELD_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/heic';

export interface ImageFieldProps {
  /** The address input's id; the file chooser's is `{id}-file`, the address error's `{id}-error`. */
  id: string;
  /** The form's field name (the address input's `name` and `data-field`: a form's first-error focus finds it). */
  name: string;
  /** What is uploaded: the stored variants' sizes (`cover`, `author`, `series`, `genre`). */
  kind: Exclude<ImageKind, 'profile'>;
  /** The field's name, e.g. "Cover image": the group's legend. */
  label: string;
  /** The image's address, '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** The form's message for the address (its check or the server's). */
  error?: string;
  /** "optional", shown after the label. */
  optional?: string;
  /** The page language (the server's messages). */
  locale: string;
  texts: ImageFieldTexts;
  /** Told when an upload starts and ends: a form must not save the old address meanwhile. */
  onBusyChange?: (busy: boolean) => void;
}

type UploadState = { state: 'idle' } | { state: 'busy'; progress: UploadProgress } | { state: 'done' } | { state: 'failed'; message: string };

export default function ImageField({ id, name, kind, label, value, onChange, error, optional, locale, texts, onBusyChange }: ImageFieldProps) {
  const uid = useId();
  const fileId = `${id}-file`;
  const hintId = `${uid}-hint`;
  const uploadErrorId = `${uid}-upload-error`;
  const statusId = `${uid}-status`;
  const errorId = `${id}-error`;
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' });
  const running = useRef<AbortController | null>(null);
  const busyChange = useRef(onBusyChange);
  busyChange.current = onBusyChange;

  // Leaving the form stops an upload under way (its answer would set a field that is gone).
  useEffect(() => () => running.current?.abort(), []);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setUpload({ state: 'busy', progress: { phase: 'preparing' } });
    busyChange.current?.(true);
    try {
      const { uploadImage } = await import('../../lib/images/upload-image.ts');
      const outcome = await uploadImage(kind, file, { language: locale, signal: controller.signal, onProgress: (progress) => setUpload({ state: 'busy', progress }) });
      if (controller.signal.aborted) return;
      if (outcome.ok) {
        onChange(outcome.image.url);
        setUpload({ state: 'done' });
      } else {
        setUpload({ state: 'failed', message: fill(texts[outcome.refusal.key], outcome.refusal.params ?? {}) });
      }
    } catch (failure) {
      if (controller.signal.aborted) return;
      setUpload({ state: 'failed', message: describeFailure(failure, texts as ImageFieldTexts & Record<string, string>).message });
    } finally {
      if (running.current === controller) {
        running.current = null;
        busyChange.current?.(false);
      }
      // The same file chosen again is a new change.
      input.value = '';
    }
  }

  function remove() {
    running.current?.abort();
    onChange('');
    setUpload({ state: 'idle' });
  }

  const busy = upload.state === 'busy';
  const percent = busy ? uploadPercent(upload.progress) : null;
  const previewable = value !== '' && isImageUrl(value);
  const displayWidth = VARIANT_WIDTHS[kind][0]!;
  const fileDescribedBy = [hintId, upload.state === 'failed' ? uploadErrorId : ''].filter(Boolean).join(' ');

  return (
    <fieldset className="image-field">
      <legend className="field__label">
        {label}
        {optional && <span className="field__optional"> ({optional})</span>}
      </legend>
      <div className="image-field__body">
        <div className="image-field__preview">
          {previewable ? (
            <ResponsiveImage key={value} url={value} alt={fill(texts['images.field.preview'], { label })} displayWidth={displayWidth} fallbackHeight={kind === 'cover' ? Math.round(displayWidth * 1.5) : displayWidth} className="image-field__image" />
          ) : (
            <p className="image-field__none">{texts['images.field.none']}</p>
          )}
        </div>
        <div className="image-field__controls">
          <div className="field">
            <label className="field__label" htmlFor={fileId}>
              {texts['images.field.choose']}
            </label>
            <input
              id={fileId}
              className="field__input image-field__file"
              type="file"
              accept={IMAGE_FIELD_ACCEPT}
              aria-describedby={fileDescribedBy}
              aria-invalid={upload.state === 'failed' ? true : undefined}
              onChange={(event) => void choose(event)}
            />
            <p id={hintId} className="field__hint">
              {texts['images.field.hint']}
            </p>
            {upload.state === 'failed' && (
              <p id={uploadErrorId} className="field__error" role="alert">
                {upload.message}
              </p>
            )}
          </div>
          <div id={statusId} className="image-field__status" role="status" aria-live="polite">
            {busy && (
              <>
                <progress className="image-field__progress" max={100} value={percent ?? undefined} aria-label={texts['images.field.progressLabel']} />
                <span>{upload.progress.phase === 'preparing' ? texts[UPLOAD_PROGRESS_KEYS.preparing] : fill(texts[UPLOAD_PROGRESS_KEYS.uploading], { percent: percent ?? 0 })}</span>
              </>
            )}
            {upload.state === 'done' && <span>{texts['images.field.uploaded']}</span>}
          </div>
          {value !== '' && (
            <button type="button" className="button button--secondary image-field__remove" onClick={remove}>
              {texts['images.field.remove']}
            </button>
          )}
          <div className="field">
            <label className="field__label" htmlFor={id}>
              {texts['images.field.url']}
            </label>
            <input
              id={id}
              name={name}
              data-field={name}
              className="field__input"
              type="text"
              inputMode="url"
              autoComplete="off"
              value={value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setUpload({ state: 'idle' });
                onChange(event.target.value);
              }}
            />
            {error && (
              <p id={errorId} className="field__error">
                {error}
              </p>
            )}
          </div>
        </div>
      </div>
    </fieldset>
  );
}
