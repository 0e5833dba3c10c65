/** Joule's mark: a bolt on the primary blue (same as the favicon in index.html). */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="joule-logo"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="6" fill="#2d72d2" />
      <path d="M18 4 8 18h7l-2 10 11-15h-7z" fill="#fff" />
    </svg>
  );
}
