// Runs before the first paint (a blocking script in <head>) so a reload never flashes the wrong
// theme. Same rule as src/lib/theme.ts: the session's stored choice, else the system preference.
(() => {
  let stored = null;
  try {
    stored = window.sessionStorage.getItem('theme');
  } catch {}
  const dark =
    stored === 'dark' ||
    (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
