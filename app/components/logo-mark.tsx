/**
 * The company mark: a lime-plaster arch, like a Mediterranean window, framing an ochre sun that
 * sets on a deep sea, on a terracotta tile. Same drawing as public/favicon.svg. Decorative: the
 * company name beside it (or the link's label) carries the meaning.
 */
export function LogoMark({ className = "size-9" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" className={className}>
      <rect width="40" height="40" rx="8" fill="#a4452f" />
      <path d="M9 33V19a11 11 0 0 1 22 0v14Z" fill="#faf7f2" />
      <circle cx="20" cy="25" r="5.5" fill="#c98a2b" />
      <path d="M9 25h22v8H9Z" fill="#1f2a37" />
      <path d="M13 28.5h6M22 30.5h5" stroke="#cfe0e8" strokeWidth="1.2" strokeLinecap="round" />
    </svg>
  );
}
