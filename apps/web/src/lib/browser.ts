/** Page-level browser actions, behind an object so tests can replace them. */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  /** Loads `path` as a new page, as a reload would load the current one. */
  assign(path: string): void {
    window.location.assign(path);
  },
};
