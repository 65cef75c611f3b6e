/**
 * One search result's body, the same in the dropdown and on the results page: a cover thumbnail for
 * books, the label, the original title when the label is a translation, and the secondary line.
 */
import type { SearchOption } from '../../domain/search-results.ts';
import { fill } from '../cards/format.ts';

export interface ResultSummaryProps {
  option: Pick<SearchOption, 'kind' | 'label' | 'original' | 'detail' | 'image'>;
  /** 'Original title: {title}' */
  originalText: string;
}

export default function ResultSummary({ option, originalText }: ResultSummaryProps) {
  return (
    <>
      {option.kind === 'books' && (
        <span className="search__thumb" aria-hidden="true">
          {option.image ? <img src={option.image} alt="" width={28} height={42} loading="lazy" decoding="async" /> : null}
        </span>
      )}
      <span className="search__text">
        <span className="search__label">{option.label}</span>
        {option.original && <span className="search__original">{fill(originalText, { title: option.original })}</span>}
        {option.detail && <span className="search__detail">{option.detail}</span>}
      </span>
    </>
  );
}
