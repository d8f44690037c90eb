import { html, type Markup } from "~/lib/html";

export const DEFAULT_AVATAR = "/default-avatar.svg";

const sizes = { sm: "size-8", md: "size-10", lg: "size-12", xl: "size-24" } as const;

type AvatarProps = {
  src: string | null | undefined;
  alt?: string;
  size?: keyof typeof sizes;
  className?: string;
};

function avatarClass(size: keyof typeof sizes, className: string): string {
  return className ? `avatar ${sizes[size]} ${className}` : `avatar ${sizes[size]}`;
}

export function Avatar({ src, alt = "", size = "md", className = "" }: AvatarProps) {
  return <img src={src || DEFAULT_AVATAR} alt={alt} loading="lazy" decoding="async" className={avatarClass(size, className)} />;
}

/** The same image as markup, for the parts of a card written with `html` (decision 057). */
export function avatarHtml({ src, alt = "", size = "md", className = "" }: AvatarProps): Markup {
  return html`<img src="${src || DEFAULT_AVATAR}" alt="${alt}" loading="lazy" decoding="async" class="${avatarClass(size, className)}"/>`;
}
