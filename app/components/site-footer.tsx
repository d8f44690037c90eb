import { Link } from "@remix-run/react";

export function SiteFooter() {
  return (
    <footer className="border-t border-line px-6 py-6 text-sm text-muted">
      <nav aria-label="Legal" className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-2">
        <Link to="/privacy" className="hover:underline">
          Privacy Policy
        </Link>
        <Link to="/terms" className="hover:underline">
          Terms of Service
        </Link>
        <span>© {new Date().getFullYear()} Murmur</span>
      </nav>
    </footer>
  );
}
