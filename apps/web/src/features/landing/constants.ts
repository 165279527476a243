/** Timings and texts of the landing page's extras, with the spec's values (sections 1 and 9). */

/** The announcement banner shows the next message after this long. */
export const BANNER_ROTATION_MS = 4000;

/** The banner's four messages, in order. */
export const BANNER_MESSAGES = [
  'New: custom endpoints. Give your mock API its own path, such as /users/active.',
  'New: sorting support. Add ?sort=name:asc to any mock URL.',
  'New: custom response HTTP codes. Answer 201, 404, 500 or any code you need.',
  'Coming next: pagination support in the dashboard. Mock URLs already page with ?page=2&limit=10.',
] as const;

/** The words the hero's typewriter line cycles through, in order. */
export const TYPEWRITER_WORDS = ['RESTful APIs', 'Mock Data', 'Test APIs', 'Endpoints'] as const;

/** Typewriter: time per typed character. */
export const TYPEWRITER_TYPING_MS = 100;

/** Typewriter: time per deleted character. */
export const TYPEWRITER_DELETING_MS = 50;

/** Typewriter: pause once a word is complete, before deleting it. */
export const TYPEWRITER_PAUSE_MS = 2000;

/** The floating 'Try it out' button hides once window.scrollY reaches this many pixels. */
export const TRY_IT_OUT_HIDE_SCROLL_Y = 100;

/** The mascot leaves after this long. */
export const MASCOT_VISIBLE_MS = 10000;

/** The easter egg's secret word; the last SECRET_WORD.length letters typed are compared to it. */
export const SECRET_WORD = 'mocksmithrule';

/** How long the easter egg's burst stays on screen. */
export const EASTER_EGG_BURST_MS = 3000;
