/**
 * An author's face on a card (issue 29 point 14): the portrait when the catalogue has one, uploaded
 * (a responsive `<picture>`) or an external address, else the initial. One component for the start
 * page's featured authors (AuthorCard.astro) and the authors list's cards (AuthorListCard).
 */
import ResponsiveImage from '../images/ResponsiveImage.tsx';

export interface AuthorAvatarProps {
  name: string;
  imageUrl: string | null;
  /** Alt text of a portrait ('Portrait of {name}', translated by the page). */
  alt: string;
}

/** The avatar's size in CSS pixels (cards.css `.author-card__avatar`: 3.5rem). */
const SIZE = 56;

export default function AuthorAvatar({ name, imageUrl, alt }: AuthorAvatarProps) {
  if (imageUrl) return <ResponsiveImage className="author-card__avatar" url={imageUrl} alt={alt} displayWidth={SIZE} fallbackHeight={SIZE} />;
  return (
    <span className="author-card__avatar" aria-hidden="true">
      {[...name.trim()][0]?.toUpperCase() ?? '?'}
    </span>
  );
}
