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
