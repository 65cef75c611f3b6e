/**
 * The spec's 'Loading' spinner (§2: "Pages load lazily with a spinner labelled Loading"; issue 14
 * point 5): the one component of every part of a page that loads after the page, in islands and, with
 * no client directive, in static .astro pages. The label is the page's `common.loading` ('Loading',
 * 'Wird geladen', 'Caricamento') or a more specific text; it is announced politely (role status,
 * aria-live polite) and the turning ring is decoration (.spinner in src/styles/global.css, still
 * under prefers-reduced-motion).
 */
export interface LoadingSpinnerProps {
  label: string;
  /** Layout class of the place it stands in (e.g. 'list-loading'); 'loading' when none. */
  className?: string;
}

export function LoadingSpinner({ label, className = 'loading' }: LoadingSpinnerProps) {
  return (
    <p role="status" aria-live="polite" className={className}>
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

export default LoadingSpinner;
