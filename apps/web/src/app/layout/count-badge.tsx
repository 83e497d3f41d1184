/** The small counter on the favorites and basket icons; hidden at zero. */
export function CountBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    // the number is drawn for the eye; the link's own words say it to a screen reader
    <span
      aria-hidden="true"
      data-testid="count-badge"
      className="absolute -top-1.5 -right-2 grid h-[18px] min-w-[18px] place-items-center rounded-full bg-primary px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
