/**
 * One choice among a few, as a row of chips (a fieldset of radio buttons): the profile's reading-list
 * filter and the analytics range. Keyboard: the arrow keys move between the choices, as radios do.
 * Styles: src/styles/choice-chips.css.
 */
import { useId, type ReactNode } from 'react';

export interface ChoiceChipOption<T extends string | number> {
  value: T;
  label: ReactNode;
}

export function ChoiceChips<T extends string | number>({ legend, options, value, onChange }: { legend: string; options: readonly ChoiceChipOption<T>[]; value: T; onChange: (value: T) => void }) {
  const name = useId();
  return (
    <fieldset className="choice-chips">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice-chip">
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
