/**
 * Names joined the way the locale joins them ('A, B and C' / 'A, B und C' / 'A, B e C'), each linked
 * to its author page: the island twin of src/components/PeopleList.astro.
 */
import { Fragment } from 'react';

export interface PersonLink {
  slug: string;
  name: string;
}

export interface PeopleLinksProps {
  locale: string;
  people: readonly PersonLink[];
}

export default function PeopleLinks({ locale, people }: PeopleLinksProps) {
  const parts = new Intl.ListFormat(locale, { type: 'conjunction' }).formatToParts(people.map((person) => person.name));
  let next = 0;
  return (
    <>
      {parts.map((part, index) => {
        if (part.type !== 'element') return <Fragment key={index}>{part.value}</Fragment>;
        const person = people[next++];
        return person ? (
          <a key={index} href={`/${locale}/authors/${person.slug}`}>
            {person.name}
          </a>
        ) : (
          <Fragment key={index}>{part.value}</Fragment>
        );
      })}
    </>
  );
}
