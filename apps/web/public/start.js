// Taps on the server-drawn page before the storefront answers them: a button marked
// data-early-action (add to basket, the wish-list heart) that React has not taken over yet keeps
// its taps here, shows itself busy, and gets them once its component has hydrated
// (src/lib/early-actions.ts), so it works from the first paint, and each tap counts once.
window.bozorEarly ??= { taps: [], live: new WeakSet() };
const early = window.bozorEarly;
window.addEventListener(
  'click',
  (event) => {
    const button =
      event.target instanceof Element ? event.target.closest('[data-early-action]') : null;
    if (!button || early.live.has(button)) return;
    // React must not also see it: it would run the tap too, or drop it where it cannot yet
    event.preventDefault();
    event.stopPropagation();
    if (button.dataset.earlyAction === 'each' || !early.taps.includes(button)) {
      early.taps.push(button);
    }
    button.setAttribute('data-early-pending', '');
  },
  true,
);

// Starts the storefront once the page the server drew has been painted: the storefront's code
// (named by <meta name="bozor-entry">) is then fetched and run, so it does not compete with the
// page's own first paint (its largest picture above all).
const entry = document.querySelector('meta[name="bozor-entry"]')?.getAttribute('content');
if (entry) {
  requestAnimationFrame(() => {
    setTimeout(() => {
      import(entry);
    }, 0);
  });
}
