/** The Rentwise mark and wordmark; the same house as public/favicon.svg. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M16 7.5 7 15.2h2.6V24a1 1 0 0 0 1 1h3.9v-5.5h3v5.5h3.9a1 1 0 0 0 1-1v-8.8H25z" fill="#fff" />
      </svg>
      <span className="logo__wordmark">Rentwise</span>
    </span>
  );
}
