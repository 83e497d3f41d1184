/** Page-level browser actions, behind an object so tests can replace them. */
export const browser = {
  reload(): void {
    window.location.reload();
  },
};
