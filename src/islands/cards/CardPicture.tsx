/**
 * The picture at the top of a series or genre card (issue 29 point 14): the series' or genre's image,
 * uploaded (a responsive `<picture>`) or an external address, cropped to one 2:1 band (cards.css
 * `.card__picture`) so that cards of a row line up whatever the image's shape. Lazy: card grids
 * start below the fold.
 */
import ResponsiveImage from '../images/ResponsiveImage.tsx';

export interface CardPictureProps {
  url: string;
  alt: string;
}

/** What the browser is told of the band's width: the list grids' columns (lists.css, cards.css). */
export const CARD_PICTURE_SIZES = '(min-width: 640px) 24rem, calc(100vw - 4rem)';
/** The width the band is laid out at most often, and its 2:1 height for an address not ours. */
const WIDTH = 320;

export default function CardPicture({ url, alt }: CardPictureProps) {
  return <ResponsiveImage className="card__picture" url={url} alt={alt} displayWidth={WIDTH} sizes={CARD_PICTURE_SIZES} fallbackHeight={WIDTH / 2} />;
}
