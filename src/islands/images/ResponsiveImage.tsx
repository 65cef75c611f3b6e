/**
 * An image of the catalogue or a profile (issue 13 point 3), one component for static pages (Astro
 * renders it without a `client:` directive) and islands (the book pop-up). An uploaded image
 * (`/images/{id}/…`) becomes a `<picture>`: AVIF and WebP `srcset`s of its variants, `sizes`, and
 * `width`/`height` in its own aspect ratio, so the page keeps its place before it loads. Any other
 * address (an external cover URL) is a plain `<img>` in the box the caller gives.
 *
 * The `<picture>` has `display: contents` (global.css): the `<img>` is laid out as if it stood
 * alone, so the caller's class styles it as before. Only child combinators (`parent > .class`) see
 * the `<picture>` between them; write those as descendant selectors.
 */
import { responsiveImage } from '../../domain/images/image-variants.ts';

export interface ResponsiveImageProps {
  url: string;
  alt: string;
  /** The width it is shown at, in CSS pixels: the variant choice (`sizes`) and the reserved box. */
  displayWidth: number;
  /** Height of the box for an address that is not one of our uploads (its size is unknown). */
  fallbackHeight: number;
  /** `sizes` when the layout is more than one width (default `{displayWidth}px`). */
  sizes?: string;
  className?: string;
  loading?: 'eager' | 'lazy';
}

export default function ResponsiveImage({ url, alt, displayWidth, fallbackHeight, sizes, className, loading = 'lazy' }: ResponsiveImageProps) {
  const image = responsiveImage(url, displayWidth, sizes);
  if (!image) {
    // Someone else's server: it learns nothing about the page that shows its image.
    return <img className={className} src={url} alt={alt} width={displayWidth} height={fallbackHeight} loading={loading} decoding="async" referrerPolicy="no-referrer" />;
  }
  return (
    <picture className="responsive-picture">
      <source type="image/avif" srcSet={image.avifSrcSet} sizes={image.sizes} />
      <img className={className} src={image.src} srcSet={image.srcSet} sizes={image.sizes} alt={alt} width={image.width} height={image.height} loading={loading} decoding="async" />
    </picture>
  );
}
