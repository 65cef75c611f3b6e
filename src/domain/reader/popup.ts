/** The book pop-up's constants (spec §9 "Pop-up: at most 2 reviews; author bio cut at 400 characters; reset delay 150 ms"). */

/** Spec §4: closing clears the selected book and edition after 150 ms (the closing animation's time). */
export const POPUP_RESET_DELAY_MS = 150;
