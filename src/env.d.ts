// Astro's client types (imports such as `*.css?url`) for a type check that runs before any build, as CI does on a clean clone (.astro/ is generated, not in git).
/// <reference types="astro/client" />
