import { Link } from "@remix-run/react";

export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden focusable="false">
      <rect width="32" height="32" rx="9" fill="currentColor" />
      <path
        d="M8 21.5V11.8c0-.7.8-1 1.3-.6l4.2 3.9c.3.3.7.3 1 0l4.2-3.9c.5-.4 1.3-.1 1.3.6v9.7M23.5 12.5c1.6 1 1.6 5.5 0 6.5"
        fill="none"
        stroke="var(--background)"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-full text-fg" aria-label="Murmur home">
      <LogoMark />
      <span className="text-xl font-extrabold tracking-tight">Murmur</span>
    </Link>
  );
}
